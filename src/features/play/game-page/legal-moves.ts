/**
 * Legal destinations and replayed positions for the board, from the chess
 * module (chessops). Loaded lazily with the interactive board, never in the
 * page's first chunk.
 */
import { isCheck, legalDestinations, legalMoves, parseFen, playMove, toFen } from "../../../chess/rules.ts";
import type { MovesRules } from "./moves-rules.ts";

export interface BoardMoves {
  /** Origin square → destination squares; castling also as king-onto-rook (in Chess960 only so). */
  readonly dests: Map<string, string[]>;
  readonly check: boolean;
  /** Crazyhouse: the legal drops, as `N@f3` (none in other rules). */
  readonly drops: ReadonlySet<string>;
}

const noMoves: BoardMoves = { dests: new Map(), check: false, drops: new Set() };

export function boardMoves(rules: MovesRules, fen: string): BoardMoves {
  const position = parseFen(rules, fen);
  if (!position.ok) return noMoves;
  const drops = new Set(typeof rules === "string" ? [] : legalMoves(position.value).filter((uci) => uci.includes("@")));
  return { dests: legalDestinations(position.value), check: isCheck(position.value), drops };
}

/** The FEN of every position of a game, the start first; stops at the first move it cannot play. */
export function positionsOfGame(rules: MovesRules, initialFen: string, ucis: readonly string[]): string[] {
  const start = parseFen(rules, initialFen);
  if (!start.ok) return [initialFen];
  const fens = [initialFen];
  let position = start.value;
  for (const uci of ucis) {
    const played = playMove(position, uci);
    if (!played.ok) break;
    position = played.value.position;
    fens.push(toFen(position));
  }
  return fens;
}
