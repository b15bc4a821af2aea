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
  | "no_rematch_offer";

export interface GameSituation {
  readonly status: GameStatus;
  /** Live games have clocks; daily games have days per move (and no claims). */
  readonly speed: string;
  readonly whiteId: number;
  readonly blackId: number;
  /** Half-moves played. */
  readonly ply: number;
  readonly drawOfferBy: Color | null;
  readonly rematchOfferBy: Color | null;
  readonly rematchGameId: number | null;
}

/** The game state changes an action makes. */
export type ActionChange =
  | { readonly kind: "end"; readonly outcome: GameOutcome }
  | { readonly kind: "draw_offer"; readonly by: Color | null }
  | { readonly kind: "rematch_offer"; readonly by: Color | null }
  | { readonly kind: "rematch"; readonly newWhiteId: number; readonly newBlackId: number };

/** Whose move it is after this many half-moves (every game here starts with white to move). */
export const turnAtPly = (ply: number): Color => (ply % 2 === 0 ? "white" : "black");

/** A player whose opponent has been away from the game this long, on the opponent's turn, may claim it (live games). */
export const CLAIM_AFTER_MS = 30_000;

/** Whether the opponent has been away long enough to claim, given the snapshot's figure and the time since. */
export function opponentAwayLongEnough(awayMs: number | null, sinceSnapshotMs: number): boolean {
  return awayMs !== null && awayMs + sinceSnapshotMs >= CLAIM_AFTER_MS;
}

export function sideOf(game: Pick<GameSituation, "whiteId" | "blackId">, memberId: number): Color | null {
  if (memberId === game.whiteId) return "white";
  if (memberId === game.blackId) return "black";
  return null;
}

function playingColor(game: GameSituation, memberId: number): Result<Color, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.status !== "playing") return fail("game_over");
  return ok(side);
}

export function resign(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  return ok({ kind: "end", outcome: win(opponentOf(side.value), "resignation") });
}

/** Either player may abort until both have made their first move; an aborted game has no result. */
export function abort(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = playingColor(game, memberId);
  if (!side.ok) return side;
  if (game.ply >= 2) return fail("cannot_abort");
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
  if (turnAtPly(game.ply) === side.value) return fail("claim_on_opponents_turn");
  if (opponent.onVacation) return fail("opponent_on_vacation");
  if (opponent.awayMs === null || opponent.awayMs < CLAIM_AFTER_MS) return fail("opponent_present");
  if (game.ply < 2) return ok({ kind: "end", outcome: aborted() });
  return ok({ kind: "end", outcome: outcome === "win" ? win(side.value, "abandonment") : draw("abandonment") });
}

/** After the end, a rematch offer; the other player's offer (or acceptance) makes the rematch with colours swapped. */
export function offerRematch(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.status === "playing") return fail("not_over");
  if (game.rematchGameId !== null) return fail("rematch_already_offered");
  if (game.rematchOfferBy === opponentOf(side)) return ok({ kind: "rematch", newWhiteId: game.blackId, newBlackId: game.whiteId });
  if (game.rematchOfferBy === side) return fail("rematch_already_offered");
  return ok({ kind: "rematch_offer", by: side });
}

export function declineRematch(game: GameSituation, memberId: number): Result<ActionChange, ActionFailure> {
  const side = sideOf(game, memberId);
  if (!side) return fail("not_a_player");
  if (game.rematchOfferBy !== opponentOf(side) || game.rematchGameId !== null) return fail("no_rematch_offer");
  return ok({ kind: "rematch_offer", by: null });
}
