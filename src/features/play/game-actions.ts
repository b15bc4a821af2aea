/**
 * The players' actions other than moves, as pure functions of a game's state:
 * resign, draw offers, abort, rematch offers and claims when the opponent has
 * left. Each answers the change to apply or a refusal; the service applies
 * the change on the version the action was checked against.
 */
import { aborted, draw, opponentOf, win, type Color, type GameOutcome } from "../../chess/outcome.ts";
import { fail, ok, type Result } from "../../shared/result.ts";

export type GameStatus = "playing" | "ended" | "aborted";

export type ActionFailure =
  | "not_a_player"
  | "game_over"
  | "cannot_abort"
  | "no_draw_offer"
  | "draw_already_offered"
  | "opponent_present"
  | "claim_live_only"
  | "claim_on_opponents_turn"
  | "opponent_on_vacation"
  | "not_over"
  | "rematch_already_offered"
  | "no_rematch_offer"
  | "nothing_to_take_back"
  | "takeback_already_offered"
  | "no_takeback_offer"
  | "takeback_one_board_only"
  | "berserk_not_allowed";

/** Who sits where: a board, a colour on it, and a team (chess: white is team 0, black team 1; bughouse: two teams of two). */
export interface SeatOfMember {
  readonly memberId: number;
  readonly board: number;
  readonly color: Color;
  readonly team: 0 | 1;
}

export interface GameSituation {
  readonly status: GameStatus;
  /** Live games have clocks; daily games have days per move (and no claims). */
  readonly speed: string;
  /** Every seat of the game (two for chess, four for bughouse). */
  readonly seats: readonly SeatOfMember[];
  /** Half-moves played on each board, board 0 first: one entry per board (a takeback is for one-board games, as bughouse's boards move on without each other). */
  readonly plies: readonly number[];
  /** Offers are a team's: team 0 is the game's white side (its result is written from team 0's side), team 1 its black. */
  readonly drawOfferBy: Color | null;
  readonly rematchOfferBy: Color | null;
  readonly rematchGameId: number | null;
  readonly takebackOfferBy: Color | null;
  /**
   * Arranged by a tournament or a team match (the game's tags say which): it
   * is never aborted, as on chess.com and lichess, since the competition
   * counts every game it pairs. Its players resign from the first move, and
   * a first move not made in time loses.
   */
  readonly arranged: boolean;
}

/** The game state changes an action makes. */
export type ActionChange =
  | { readonly kind: "end"; readonly outcome: GameOutcome }
  | { readonly kind: "draw_offer"; readonly by: Color | null }
  | { readonly kind: "rematch_offer"; readonly by: Color | null }
  /** The new game's members in seat order: each board's players with their colours swapped (partners stay partners). */
  | { readonly kind: "rematch"; readonly memberIds: readonly number[] }
  | { readonly kind: "takeback_offer"; readonly by: Color | null }
  /** Back to this ply: the moves after it are gone and it is again the asker's turn. */
  | { readonly kind: "takeback"; readonly toPly: number };

/** Whose move it is after this many half-moves (every game here starts with white to move). */
export const turnAtPly = (ply: number): Color => (ply % 2 === 0 ? "white" : "black");

/** Until both players have made a first move, the side to move has this long before the game is aborted (the page counts it down). */
export const FIRST_MOVE_MS = 30_000;

/** A player whose opponent has been away from the game this long, on the opponent's turn, may claim it (live games). */
export const CLAIM_AFTER_MS = 30_000;

/** Whether the opponent has been away long enough to claim, given the snapshot's figure and the time since. */
export function opponentAwayLongEnough(awayMs: number | null, sinceSnapshotMs: number): boolean {
  return awayMs !== null && awayMs + sinceSnapshotMs >= CLAIM_AFTER_MS;
}

/** The side of the game a member plays for: their team's (team 0 is white's side), or null for someone not seated. */
export function sideOf(game: Pick<GameSituation, "seats">, memberId: number): Color | null {
  const seat = game.seats.find((candidate) => candidate.memberId === memberId);
  if (!seat) return null;
  return seat.team === 0 ? "white" : "black";
}

/** The member facing this one across their board, or null for someone not seated. */
export function boardOpponentOf(seats: readonly SeatOfMember[], memberId: number): SeatOfMember | null {
  const seat = seats.find((candidate) => candidate.memberId === memberId);
  return seat ? (seats.find((other) => other.board === seat.board && other.color !== seat.color) ?? null) : null;
}

function playingColor(game: GameSituation, memberId: number): Result<Color, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.status !== "playing") return fail("game_over");
  return ok(side);
}

/** Board 0's plies: what a one-board game's takeback counts. */
const firstBoardPly = (game: GameSituation): number => game.plies[0] ?? 0;

export function resign(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  return ok({ kind: "end", outcome: win(opponentOf(side.value), "resignation") });
}

/** Any player may abort until both sides of some board have made their first move; an aborted game has no result. An arranged game is never aborted. */
export function abort(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.arranged) return fail("cannot_abort");
  if (game.plies.every((ply) => ply >= 2)) return fail("cannot_abort");
  return ok({ kind: "end", outcome: aborted() });
}

/** Offering when the opponent already offers is accepting. */
export function offerDraw(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.drawOfferBy === opponentOf(side.value)) return ok({ kind: "end", outcome: draw("agreement") });
  if (game.drawOfferBy === side.value) return fail("draw_already_offered");
  return ok({ kind: "draw_offer", by: side.value });
}

export function acceptDraw(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.drawOfferBy !== opponentOf(side.value)) return fail("no_draw_offer");
  return ok({ kind: "end", outcome: draw("agreement") });
}

export function declineDraw(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.drawOfferBy !== opponentOf(side.value)) return fail("no_draw_offer");
  return ok({ kind: "draw_offer", by: null });
}

/**
 * Berserk (a tournament's choice, decision 0073): a player of an arranged
 * tournament game halves their own clock before their first move, for an
 * extra point on a win, which the tournament counts. Once per player, one
 * board, live clocks only. Answers the side whose clock is halved.
 */
export function berserk(game: GameSituation & { readonly inTournament: boolean; readonly clockMs: { readonly white: number | null; readonly black: number | null }; readonly baseMs: number | null }, memberId: number): Result<Color, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  const clockMs = game.clockMs[side.value];
  const movesMade = firstBoardPly(game) > (side.value === "white" ? 0 : 1);
  if (!game.inTournament || game.plies.length !== 1 || game.baseMs === null || clockMs === null || movesMade || clockMs < game.baseMs) return fail("berserk_not_allowed");
  return ok(side.value);
}

/** What the server knows of the opponent when a player claims. */
export interface OpponentAbsence {
  /** How long the opponent has been away from this game (no connection to it); null while connected. */
  readonly awayMs: number | null;
  readonly onVacation: boolean;
}

/**
 * The opponent left a live game: after CLAIM_AFTER_MS away from it, on their
 * own turn (a player who is thinking is not absent), the player may take the
 * win (or, generously, a draw). Daily games have no claims: they end by their
 * move deadline, swept by the server, or by the rules.
 */
export function claim(game: GameSituation, memberId: number, outcome: "win" | "draw", opponent: OpponentAbsence): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.speed !== "live") return fail("claim_live_only");
  // The opponent is the one across the claimer's own board, and it must be their turn there.
  const seat = game.seats.find((candidate) => candidate.memberId === memberId);
  const ply = game.plies[seat?.board ?? 0] ?? 0;
  if (turnAtPly(ply) === seat?.color) return fail("claim_on_opponents_turn");
  if (opponent.onVacation) return fail("opponent_on_vacation");
  if (opponent.awayMs === null || opponent.awayMs < CLAIM_AFTER_MS) return fail("opponent_present");
  if (ply < 2 && !game.arranged) return ok({ kind: "end", outcome: aborted() });
  return ok({ kind: "end", outcome: outcome === "win" ? win(side.value, "abandonment") : draw("abandonment") });
}

/** After the end, a rematch offer; the other player's offer (or acceptance) makes the rematch with colours swapped. */
export function offerRematch(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.status === "playing") return fail("not_over");
  if (game.rematchGameId !== null) return fail("rematch_already_offered");
  if (game.rematchOfferBy === opponentOf(side)) return ok({ kind: "rematch", memberIds: swappedSeats(game.seats) });
  if (game.rematchOfferBy === side) return fail("rematch_already_offered");
  return ok({ kind: "rematch_offer", by: side });
}

/** The seats' members with each board's colours swapped, in seat order (the seats are listed in seat order). */
function swappedSeats(seats: readonly SeatOfMember[]): number[] {
  return seats.map((seat) => seats.find((other) => other.board === seat.board && other.color !== seat.color)?.memberId ?? seat.memberId);
}

export function declineRematch(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.rematchOfferBy !== opponentOf(side) || game.rematchGameId !== null) return fail("no_rematch_offer");
  return ok({ kind: "rematch_offer", by: null });
}

/**
 * The ply a takeback by `side` returns to: its own last move and, when the
 * opponent has answered it, that answer too, so it is again the asker's turn
 * (as on lichess). Null when the side has no move to take back.
 */
export function takebackPly(ply: number, side: Color): number | null {
  const ownLastPly = turnAtPly(ply) === side ? ply - 2 : ply - 1;
  return ownLastPly >= 0 ? ownLastPly : null;
}

/**
 * A player asks to take their last move back. Rated games too: the opponent
 * decides, as on lichess (decision 0061). Asking when the opponent asks is
 * accepting. The next move by either side cancels the request (the service
 * clears it with every move).
 */
export function offerTakeback(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.plies.length !== 1) return fail("takeback_one_board_only");
  if (game.takebackOfferBy === opponentOf(side.value)) return acceptTakeback(game, memberId);
  if (takebackPly(firstBoardPly(game), side.value) === null) return fail("nothing_to_take_back");
  if (game.takebackOfferBy === side.value) return fail("takeback_already_offered");
  return ok({ kind: "takeback_offer", by: side.value });
}

/** The opponent's request granted: back to the asker's last move. */
export function acceptTakeback(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  const asker = opponentOf(side.value);
  if (game.takebackOfferBy !== asker) return fail("no_takeback_offer");
  if (game.plies.length !== 1) return fail("takeback_one_board_only");
  const toPly = takebackPly(firstBoardPly(game), asker);
  if (toPly === null) return fail("nothing_to_take_back");
  return ok({ kind: "takeback", toPly });
}

/** The opponent's request refused, or the asker's own withdrawn: either clears it. */
export function declineTakeback(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.takebackOfferBy === null) return fail("no_takeback_offer");
  return ok({ kind: "takeback_offer", by: null });
}
