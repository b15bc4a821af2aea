import type { Position } from "chessops/chess";
import { capturedPiece, type PlayedMove, type RulesPosition } from "../rules.ts";
import type { LinkedChange } from "./game-variant.ts";

/**
 * Bughouse's link between its two crazyhouse boards: what a capture takes
 * leaves the capturer's pocket (where crazyhouse put it) for the partner's on
 * the other board, in its own colour (the partner plays that colour there),
 * a promoted piece as a pawn.
 */
export const bughouseCapture = (board: number, before: RulesPosition, played: PlayedMove, positions: readonly RulesPosition[]): LinkedChange => {
  const taken = capturedPiece(before, played.uci);
  const partnerBoard = board === 0 ? 1 : 0;
  const partner = positions[partnerBoard];
  if (!taken || !partner) return { moved: played.position, others: new Map() };
  const moved = withPocket(played.position.chess, (pockets) => {
    pockets[before.chess.turn][taken.role] -= 1;
  });
  const received = withPocket(partner.chess, (pockets) => {
    pockets[taken.color][taken.role] += 1;
  });
  return { moved: { rules: played.position.rules, chess: moved }, others: new Map([[partnerBoard, { rules: partner.rules, chess: received }]]) };
};

const withPocket = (position: Position, change: (pockets: NonNullable<Position["pockets"]>) => void): Position => {
  const copy = position.clone();
  if (copy.pockets) change(copy.pockets);
  return copy;
};
