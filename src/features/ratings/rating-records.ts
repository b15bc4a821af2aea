/**
 * What one rated game does to its players' rating records, as pure
 * functions: the ratings service applies them inside the game's transaction,
 * the demo seed replays thousands of games in memory before one bulk insert,
 * so both follow the same rule (Glicko-2, one game per rating period).
 *
 * A game has two sides, each of one member (chess) or of a team (bughouse:
 * two). Each member is rated against the other side as one opponent: its
 * members' mean rating, with the root mean square of their deviations.
 */
import { fail, ok, type Result } from "../../shared/result.ts";
import { newPlayerRating, ratingChange, updateRating, type GlickoRating } from "./glicko2.ts";
import { ratingTypeCatalogue, type RatingType } from "./rating-types.ts";

/** A member's standing in one rating type (the `ratings` row without its keys). */
export interface RatingRecord extends GlickoRating {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly best: number | null;
  readonly bestGameId: number | null;
}

export const freshRatingRecord: RatingRecord = { ...newPlayerRating, games: 0, wins: 0, losses: 0, draws: 0, best: null, bestGameId: null };

export type GameScore = 0 | 0.5 | 1;

/** One side of a rated game: its members and what the side scored (1 won, 0.5 drew, 0 lost). */
export interface RatedSide {
  readonly memberIds: readonly number[];
  readonly score: GameScore;
}

/** A finished rated game as the ratings need it: which game, which type, the two sides. */
export interface RatedGame {
  readonly gameId: number;
  readonly ratingType: RatingType;
  readonly sides: readonly RatedSide[];
}

/** A game between two players (white first): the winner's side scores 1, a draw ½ each. */
export function twoPlayerGame(game: { readonly gameId: number; readonly ratingType: RatingType; readonly whiteId: number; readonly blackId: number; readonly winner: "white" | "black" | undefined }): RatedGame {
  const [whiteScore, blackScore] = game.winner === "white" ? ([1, 0] as const) : game.winner === "black" ? ([0, 1] as const) : ([0.5, 0.5] as const);
  return {
    gameId: game.gameId,
    ratingType: game.ratingType,
    sides: [
      { memberIds: [game.whiteId], score: whiteScore },
      { memberIds: [game.blackId], score: blackScore },
    ],
  };
}

export interface MemberRatingChange {
  readonly memberId: number;
  /** The rounded rating the member played at. */
  readonly before: number;
  readonly diff: number;
  readonly after: RatingRecord;
}

export type RatedGameRefusal = "ratings.invalid-game";

/**
 * A game the ratings can settle: two sides whose scores add up to 1, one
 * member a side (two for a team type), no member twice, a game type (not
 * puzzles).
 */
export function checkRatedGame(game: RatedGame): Result<RatedGame, RatedGameRefusal> {
  const definition = ratingTypeCatalogue[game.ratingType];
  const membersPerSide = definition.team ? 2 : 1;
  const [first, second] = game.sides;
  const members = game.sides.flatMap((side) => side.memberIds);
  const valid =
    definition.mode !== "puzzle" &&
    Number.isSafeInteger(game.gameId) &&
    game.gameId > 0 &&
    game.sides.length === 2 &&
    first !== undefined &&
    second !== undefined &&
    first.score + second.score === 1 &&
    game.sides.every((side) => side.memberIds.length === membersPerSide) &&
    members.every((id) => Number.isSafeInteger(id) && id > 0) &&
    new Set(members).size === members.length;
  return valid ? ok(game) : fail("ratings.invalid-game");
}

/** The other side as one opponent: the mean rating, the root mean square deviation. */
function sideAsOpponent(records: readonly GlickoRating[]): GlickoRating {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    rating: mean(records.map((record) => record.rating)),
    deviation: Math.sqrt(mean(records.map((record) => record.deviation ** 2))),
    volatility: mean(records.map((record) => record.volatility)),
  };
}

function recordAfter(before: RatingRecord, rating: GlickoRating, score: GameScore, gameId: number): RatingRecord {
  const rounded = Math.round(rating.rating);
  const improved = before.best === null || rounded > before.best;
  return {
    rating: rating.rating,
    deviation: rating.deviation,
    volatility: rating.volatility,
    games: before.games + 1,
    wins: before.wins + (score === 1 ? 1 : 0),
    losses: before.losses + (score === 0 ? 1 : 0),
    draws: before.draws + (score === 0.5 ? 1 : 0),
    best: improved ? rounded : before.best,
    bestGameId: improved ? gameId : before.bestGameId,
  };
}

/**
 * Every member's record after a checked game, in the order of the sides and
 * their members (a missing record is a new player's). Both sides are rated
 * on the records from before the game.
 */
export function settledRecords(before: ReadonlyMap<number, RatingRecord>, game: RatedGame): MemberRatingChange[] {
  const recordOf = (memberId: number) => before.get(memberId) ?? freshRatingRecord;
  return game.sides.flatMap((side, index) => {
    const opponent = sideAsOpponent((game.sides[1 - index]?.memberIds ?? []).map(recordOf));
    return side.memberIds.map((memberId) => {
      const record = recordOf(memberId);
      const rating = updateRating(record, [{ opponent, score: side.score }]);
      return { memberId, before: Math.round(record.rating), diff: ratingChange(record, rating), after: recordAfter(record, rating, side.score, game.gameId) };
    });
  });
}

/** One point of a member's rating history, as stored. */
export interface RatingHistoryEntry {
  readonly memberId: number;
  readonly ratingType: RatingType;
  readonly gameId: number;
  readonly rating: number;
  readonly deviation: number;
  readonly at: Date;
}

export const historyEntryOf = (game: RatedGame, change: MemberRatingChange, at: Date): RatingHistoryEntry => ({
  memberId: change.memberId,
  ratingType: game.ratingType,
  gameId: game.gameId,
  rating: Math.round(change.after.rating),
  deviation: Math.round(change.after.deviation),
  at,
});

/**
 * Rated games replayed in the order given (the order they ended), from no
 * ratings at all: each game's changes, every member's final record per type,
 * and the history. The demo seed writes the site's past this way.
 */
export function replayRatedGames(played: readonly (RatedGame & { readonly at: Date })[], startingRecord?: (memberId: number, type: RatingType) => RatingRecord | undefined) {
  const records = new Map<RatingType, Map<number, RatingRecord>>();
  const changes = new Map<number, MemberRatingChange[]>();
  const history: RatingHistoryEntry[] = [];
  for (const game of played) {
    const checked = checkRatedGame(game);
    if (!checked.ok) throw new Error(`game ${game.gameId} cannot be rated`);
    const ofType = records.get(game.ratingType) ?? new Map<number, RatingRecord>();
    records.set(game.ratingType, ofType);
    // A member's first game of the type starts from what they bring (the demo's members played before the year it shows), else a newcomer's rating.
    for (const memberId of game.sides.flatMap((side) => side.memberIds)) {
      const start = ofType.has(memberId) ? undefined : startingRecord?.(memberId, game.ratingType);
      if (start) ofType.set(memberId, start);
    }
    const settled = settledRecords(ofType, game);
    for (const change of settled) {
      ofType.set(change.memberId, change.after);
      history.push(historyEntryOf(game, change, game.at));
    }
    changes.set(game.gameId, settled);
  }
  const latest = [...records].flatMap(([ratingType, ofType]) => [...ofType].map(([memberId, record]) => ({ memberId, ratingType, ...record })));
  return { changes, latest, history };
}
