/**
 * A move typed on the keyboard (lichess's keyboard input is the model): SAN
 * in the usual spellings (e4, exd5, Nf3, nf3, Nbd7, O-O, 0-0-0, e8=Q, e8Q,
 * with or without x, +, #, !, ?) or UCI (e2e4, e7e8q), crazyhouse's drops
 * (N@f3, n@f3, @e4 or P@e4 for a pawn), read against the
 * legal moves of the position. Loaded with the interactive board (chessops),
 * for a player of a game in progress only.
 */
import { legalMoves, parseFen, playMove, type RulesPosition } from "../../../chess/rules.ts";
import type { MovesRules } from "./moves-rules.ts";

export type TypedMove =
  | { readonly kind: "move"; readonly uci: string; readonly san: string }
  /** Not written like a move at all. */
  | { readonly kind: "invalid" }
  /** Written like a move, but no legal move fits. */
  | { readonly kind: "illegal" }
  /** Several legal moves fit (two knights can reach the square); `sans` are they. */
  | { readonly kind: "ambiguous"; readonly sans: readonly string[] }
  /** A pawn reaching the last rank without the piece it becomes; `sans` are the choices. */
  | { readonly kind: "promotion"; readonly sans: readonly string[] };

/** One legal move, taken apart the way SAN and UCI name it. */
interface LegalMove {
  readonly uci: string;
  readonly san: string;
  /** "P" for a pawn. */
  readonly piece: string;
  readonly from: string;
  readonly to: string;
  readonly promotion: string;
  /** "OO" or "OOO" for castling, else "". */
  readonly castle: string;
}

/** piece? from-file? from-rank? destination, promotion? — what is left of SAN or UCI once x, =, - and the suffixes are gone. */
const movePattern = /^([NBRQK])?([a-h])?([1-8])?([a-h][1-8])([NBRQ])?$/;

function legalMovesOf(position: RulesPosition): LegalMove[] {
  return legalMoves(position).flatMap((uci) => {
    const played = playMove(position, uci);
    if (!played.ok) return [];
    const san = played.value.san;
    const castle = san.startsWith("O-O-O") ? "OOO" : san.startsWith("O-O") ? "OO" : "";
    const piece = /^[NBRQK]/.test(san) ? san[0]! : "P";
    return [{ uci: played.value.uci, san, piece, from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4).toUpperCase(), castle }];
  });
}

/** The input without what SAN may add or leave out: capture and promotion signs, check, annotations, spaces. */
function tidy(input: string): string {
  return input.replace(/[\s+#!?x×:=()-]/g, "").replace(/0/g, "O");
}

/** Reads `input` against the position `fen` (in the game's rules). */
export function readTypedMove(rules: MovesRules, fen: string, input: string): TypedMove {
  const position = parseFen(rules, fen);
  if (!position.ok) return { kind: "illegal" };
  const text = tidy(input);
  if (text === "") return { kind: "invalid" };
  const moves = legalMovesOf(position.value);

  // A drop: the piece's letter in either case (none for a pawn), @, the square.
  const drop = /^([pnbrq])?@([a-h][1-8])$/i.exec(text);
  if (drop) {
    const uci = `${(drop[1] ?? "P").toUpperCase()}@${drop[2]}`;
    const found = moves.find((move) => move.uci === uci);
    return found ? { kind: "move", uci: found.uci, san: found.san } : { kind: "illegal" };
  }

  const castle = /^O+$/i.test(text) ? text.toUpperCase() : "";
  if (castle === "OO" || castle === "OOO") {
    const found = moves.find((move) => move.castle === castle);
    return found ? { kind: "move", uci: found.uci, san: found.san } : { kind: "illegal" };
  }

  // A lower-case piece letter is read as the piece (nf3, qh5), except b: a pawn on the b-file first (bxc4), the bishop only if no pawn move fits.
  const spellings = /^[nrqk]/.test(text) ? [text[0]!.toUpperCase() + text.slice(1)] : /^b/.test(text) ? [text, "B" + text.slice(1)] : [text];
  let wellFormed = false;
  for (const spelling of spellings) {
    const parts = movePattern.exec(spelling.replace(/[nbrq]$/, (letter) => letter.toUpperCase()));
    if (!parts) continue;
    wellFormed = true;
    const [, piece, fromFile, fromRank, to, promotion] = parts;
    // Both origin coordinates without a piece letter is UCI (g1f3): any piece; otherwise no letter means a pawn.
    const anyPiece = piece === undefined && fromFile !== undefined && fromRank !== undefined;
    const fitting = moves.filter(
      (move) =>
        // A drop is typed with its @ only (Nf3 is a knight's move, never a drop).
        !move.uci.includes("@") &&
        move.to === to &&
        (anyPiece || move.piece === (piece ?? "P")) &&
        (fromFile === undefined || move.from[0] === fromFile) &&
        (fromRank === undefined || move.from[1] === fromRank) &&
        (promotion === undefined || move.promotion === promotion) &&
        // A castling king is named by O-O, or by its UCI (both squares given).
        (move.castle === "" || anyPiece),
    );
    if (fitting.length === 1) return { kind: "move", uci: fitting[0]!.uci, san: fitting[0]!.san };
    if (fitting.length > 1) {
      const sans = fitting.map((move) => move.san);
      const onePawnPromoting = fitting.every((move) => move.promotion !== "" && move.from === fitting[0]!.from);
      return onePawnPromoting ? { kind: "promotion", sans } : { kind: "ambiguous", sans };
    }
  }
  return wellFormed ? { kind: "illegal" } : { kind: "invalid" };
}
