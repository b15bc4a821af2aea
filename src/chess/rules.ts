import { Chess, castlingSide, normalizeMove } from "chessops/chess";
import { chessgroundDests } from "chessops/compat";
import { makeFen, parseFen as parseChessopsFen } from "chessops/fen";
import { makeSanAndPlay, parseSan } from "chessops/san";
import type { NormalMove, Role, SquareName } from "chessops/types";
import { isNormal } from "chessops/types";
import { kingCastlesTo, makeSquare, makeUci, parseUci, squareFile } from "chessops/util";
import { fail, ok, type Result } from "../shared/result.ts";
import { chess960StartFen, randomScharnagl, standardScharnagl } from "./chess960.ts";
import { draw, opponentOf, win, type Color, type GameOutcome } from "./outcome.ts";

/**
 * The rules of a game, over chessops. Isomorphic (server, browser, scripts), no I/O.
 *
 * A game stores its `RulesId` and its positions as FEN. Variants that come
 * later add their data the same way: crazyhouse's pockets live in its FEN
 * (`[Qn]`), three-check's counters too, and bughouse is two crazyhouse boards
 * (`boards: 2`), so no column has to change for them.
 *
 * Decisions: threefold repetition and the fifty-move rule end the game
 * automatically (as on lichess), checkmate on the hundredth half-move still
 * wins, and timeout against a side that cannot mate is a draw.
 */
export const rulesIds = ["standard", "chess960"] as const;
export type RulesId = (typeof rulesIds)[number];

export const isRulesId = (value: string): value is RulesId => (rulesIds as readonly string[]).includes(value);

interface RulesDefinition {
  readonly id: RulesId;
  /** Castling is written king-takes-rook in UCI (e1h1), as Chess960 requires. */
  readonly kingTakesRookCastling: boolean;
  /** How many boards a game of these rules has (bughouse will have two). */
  readonly boards: 1;
}

export const rulesDefinitions: Readonly<Record<RulesId, RulesDefinition>> = {
  standard: { id: "standard", kingTakesRookCastling: false, boards: 1 },
  chess960: { id: "chess960", kingTakesRookCastling: true, boards: 1 },
};

/** A position under given rules. Treat as immutable: every operation returns a new one. */
export interface RulesPosition {
  readonly rules: RulesId;
  /** chessops position; not exported in DTOs, FEN is the stored form. */
  readonly chess: Chess;
}

export type FenError = "fen.invalid" | "fen.illegal-position";
export type MoveError = "move.invalid" | "move.illegal";

export interface PlayedMove {
  /** Canonical UCI: e1g1 for castling in standard chess, king-takes-rook (e1h1) in Chess960. */
  readonly uci: string;
  readonly san: string;
  readonly position: RulesPosition;
  readonly capture: boolean;
  readonly castle: boolean;
  readonly check: boolean;
  readonly promotion: boolean;
}

export const parseFen = (rules: RulesId, fen: string): Result<RulesPosition, FenError> => {
  const setup = parseChessopsFen(fen.trim());
  if (setup.isErr) return fail("fen.invalid");
  const chess = Chess.fromSetup(setup.value);
  if (chess.isErr) return fail("fen.illegal-position");
  return ok({ rules, chess: chess.value });
};

export const toFen = (position: RulesPosition): string => makeFen(position.chess.toSetup());

/**
 * The key two positions share when they are "the same position" for the
 * repetition rule: placement, side to move, castling rights and an en-passant
 * square only when a capture there is legal (no move counters).
 */
export const repetitionKey = (position: RulesPosition): string => makeFen(position.chess.toSetup(), { epd: true });

/**
 * The same key read off the position's full FEN (all but its two move
 * counters: the board with any pockets, turn, castling, en passant, and
 * three-check's remaining checks; the FEN has the same en-passant rule), for
 * a caller that makes the FEN anyway: a live move makes one FEN instead of two.
 */
export const repetitionKeyOfFen = (fen: string): string => fen.split(" ").slice(0, -2).join(" ");

export type StartOptions = { readonly scharnagl?: number; readonly random?: () => number };

export interface StartPosition {
  readonly position: RulesPosition;
  /** The Chess960 position number, for the PGN and the game record; 518 in standard chess. */
  readonly scharnagl: number;
}

/**
 * A game's first position: the standard array, or a Chess960 array by
 * Scharnagl number (given, or drawn from `random`).
 */
export const startPosition = (rules: RulesId, options: StartOptions = {}): Result<StartPosition, "start.invalid-scharnagl"> => {
  if (rules === "standard") return ok({ position: { rules, chess: Chess.default() }, scharnagl: standardScharnagl });
  const scharnagl = options.scharnagl ?? (options.random ? randomScharnagl(options.random) : undefined);
  const fen = scharnagl === undefined ? undefined : chess960StartFen(scharnagl);
  if (scharnagl === undefined || fen === undefined) return fail("start.invalid-scharnagl");
  const parsed = parseFen(rules, fen);
  if (!parsed.ok) return fail("start.invalid-scharnagl");
  return ok({ position: parsed.value, scharnagl });
};

export const turnOf = (position: RulesPosition): Color => position.chess.turn;

export const isCheck = (position: RulesPosition): boolean => position.chess.isCheck();

/** Legal destinations per origin square, in chessground's shape (castling as king-takes-rook in Chess960, both forms in standard). */
export const legalDestinations = (position: RulesPosition): Map<SquareName, SquareName[]> =>
  chessgroundDests(position.chess, { chess960: rulesDefinitions[position.rules].kingTakesRookCastling });

const promotionRoles: readonly Role[] = ["queen", "rook", "bishop", "knight"];

/** Every legal move in canonical UCI (promotions expanded). */
export const legalMoves = (position: RulesPosition): string[] => {
  const chess = position.chess;
  const moves: string[] = [];
  for (const [from, targets] of chess.allDests()) {
    const promoting = chess.board.pawn.has(from);
    for (const to of targets) {
      const lastRank = to < 8 || to >= 56;
      if (promoting && lastRank) {
        for (const promotion of promotionRoles) moves.push(canonicalUci(position, { from, to, promotion }));
      } else {
        moves.push(canonicalUci(position, { from, to }));
      }
    }
  }
  return moves;
};

/** chessops moves castling king-takes-rook internally; standard chess writes the king's destination instead. */
export const canonicalUci = (position: RulesPosition, move: NormalMove): string => {
  const side = castlingSide(position.chess, move);
  if (!side) return makeUci(move);
  const kingTakesRook = normalizeMove(position.chess, move);
  if (rulesDefinitions[position.rules].kingTakesRookCastling) return makeUci(kingTakesRook);
  return makeSquare(move.from) + makeSquare(kingCastlesTo(position.chess.turn, side));
};

/**
 * Reads a UCI move and checks it is legal. In Chess960 castling must be
 * written king-takes-rook (the king's own destination is refused: on many
 * arrays it is also an ordinary king move); standard chess accepts e1g1 and e1h1.
 */
export const parseMove = (position: RulesPosition, uci: string): Result<NormalMove, MoveError> => {
  const move = /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci) ? parseUci(uci) : undefined;
  if (!move || !isNormal(move)) return fail("move.invalid");
  const chess = position.chess;
  const side = castlingSide(chess, move);
  if (side) {
    const kingTakesRook = move.to === chess.castles.rook[chess.turn][side];
    const kingToDestination = !rulesDefinitions[position.rules].kingTakesRookCastling
      && squareFile(move.from) === 4
      && move.to === kingCastlesTo(chess.turn, side);
    if (!kingTakesRook && !kingToDestination) return fail("move.illegal");
  }
  if (!chess.isLegal(move)) return fail("move.illegal");
  return ok(move);
};

/** Plays a UCI move: the SAN, the new position and what happened (for sounds and the move list). */
export const playMove = (position: RulesPosition, uci: string): Result<PlayedMove, MoveError> => {
  const parsed = parseMove(position, uci);
  if (!parsed.ok) return parsed;
  const move = parsed.value;
  const before = position.chess;
  const castle = castlingSide(before, move) !== undefined;
  const capture = !castle && (before.board.occupied.has(move.to) || (before.board.pawn.has(move.from) && move.to === before.epSquare));
  const canonical = canonicalUci(position, move);
  const after = before.clone();
  const san = makeSanAndPlay(after, move);
  return ok({
    uci: canonical,
    san,
    position: { rules: position.rules, chess: after },
    capture,
    castle,
    check: after.isCheck(),
    promotion: move.promotion !== undefined,
  });
};

/** Plays a move written in SAN (PGN import, tests); the same result as `playMove` with its UCI. */
export const playSan = (position: RulesPosition, san: string): Result<PlayedMove, MoveError> => {
  const move = parseSan(position.chess, san);
  if (!move || !isNormal(move)) return fail("move.illegal");
  return playMove(position, canonicalUci(position, move));
};

/**
 * Whether the game is over in this position. `repetitionKeys` are the keys
 * (see `repetitionKey`) of every position of the game so far, this one
 * included, last.
 */
export const positionOutcome = (position: RulesPosition, repetitionKeys: readonly string[] = []): GameOutcome | undefined => {
  const chess = position.chess;
  const ctx = chess.ctx();
  if (chess.isCheckmate(ctx)) return win(opponentOf(chess.turn), "checkmate");
  if (chess.isStalemate(ctx)) return draw("stalemate");
  if (chess.isInsufficientMaterial()) return draw("insufficient-material");
  if (chess.halfmoves >= 100) return draw("fifty-moves");
  if (repetitionCount(position, repetitionKeys) >= 3) return draw("threefold-repetition");
  return undefined;
};

/**
 * How many times this position occurred among the given keys (only since the
 * last capture or pawn move can it repeat). The last key is this position's.
 */
export const repetitionCount = (position: RulesPosition, repetitionKeys: readonly string[]): number => {
  const key = repetitionKeys.at(-1) ?? repetitionKey(position);
  const reversible = repetitionKeys.slice(Math.max(0, repetitionKeys.length - 1 - position.chess.halfmoves));
  return reversible.filter((candidate) => candidate === key).length;
};

/** The flag of `flagged` fell: a loss, or a draw when the opponent cannot mate by any series of legal moves. */
export const timeoutOutcome = (position: RulesPosition, flagged: Color): GameOutcome => {
  const opponent = opponentOf(flagged);
  return position.chess.hasInsufficientMaterial(opponent) ? draw("timeout-vs-insufficient-material") : win(opponent, "timeout");
};

/** Whether `color` still has material that could mate (used for timeouts and for claims against a player who left). */
export const canMate = (position: RulesPosition, color: Color): boolean => !position.chess.hasInsufficientMaterial(color);
