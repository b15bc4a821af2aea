import { Chess, castlingSide, normalizeMove, type Position } from "chessops/chess";
import { chessgroundDests } from "chessops/compat";
import { makeFen, parseFen as parseChessopsFen } from "chessops/fen";
import type { Setup } from "chessops/setup";
import { makeSanAndPlay, parseSan } from "chessops/san";
import type { Move, NormalMove, Role, SquareName } from "chessops/types";
import { isNormal } from "chessops/types";
import { kingCastlesTo, makeSquare, makeUci, parseUci, squareFile } from "chessops/util";
import { fail, ok, type Result } from "../shared/result.ts";
import { chess960StartFen, randomScharnagl, standardScharnagl } from "./chess960.ts";
import { draw, opponentOf, win, type Color, type GameOutcome } from "./outcome.ts";

/**
 * The rules of one board, over chessops. Isomorphic (server, browser, scripts), no I/O.
 *
 * One engine for every variant: a board's rules are a `BoardRules` value (how
 * to build its chessops position and which of the draw rules apply), and every
 * function here works on any of them. This module defines only the classic
 * rules (standard and Chess960), so that the browser's game page, which
 * imports it, carries no other variant's code; crazyhouse, king of the hill,
 * three-check and bughouse live in ./variants/ and are reached through the
 * registry in ./variants.ts (decision 0049). Pockets (crazyhouse) and
 * remaining checks (three-check) live in the FEN.
 *
 * Decisions: threefold repetition and the fifty-move rule end the game
 * automatically (as on lichess), checkmate on the hundredth half-move still
 * wins, and timeout against a side that cannot mate is a draw.
 */
export const rulesIds = ["standard", "chess960"] as const;
/** The classic rules, the ones the lobby offers today. */
export type RulesId = (typeof rulesIds)[number];

export const isRulesId = (value: string): value is RulesId => (rulesIds as readonly string[]).includes(value);

/** Every board rules id, classic or variant. */
export const boardRulesIds = ["standard", "chess960", "crazyhouse", "kingOfTheHill", "threeCheck", "bughouse"] as const;
export type BoardRulesId = (typeof boardRulesIds)[number];

/** The rules of one board: the variant interface every move, outcome and FEN goes through. */
export interface BoardRules {
  readonly id: BoardRulesId;
  /** Castling is written king-takes-rook in UCI (e1h1), as Chess960 requires. */
  readonly kingTakesRookCastling: boolean;
  /** Pieces are dropped from pockets (`P@e4`). */
  readonly drops?: true;
  /** False: threefold repetition and the fifty-move rule do not end the game (bughouse, where material arrives from the other board). */
  readonly drawRules?: false;
  /** The position, or undefined when the setup is illegal under these rules. */
  readonly fromSetup: (setup: Setup) => Position | undefined;
  /** The start position (default: the standard array). */
  readonly initial?: () => Position;
  /** The decisive end the variant adds (a king on the hill, a third check), read after checkmate. */
  readonly variantEnd?: (position: Position) => GameOutcome | undefined;
  /** Whether `color` can still win, by mate or by the variant's own goal (default: it has mating material). */
  readonly canWin?: (position: Position, color: Color) => boolean;
}

const chessFromSetup = (setup: Setup): Position | undefined => Chess.fromSetup(setup).unwrap((chess) => chess, () => undefined);

export const classicRules: Readonly<Record<RulesId, BoardRules>> = {
  standard: { id: "standard", kingTakesRookCastling: false, fromSetup: chessFromSetup },
  chess960: { id: "chess960", kingTakesRookCastling: true, fromSetup: chessFromSetup },
};

/** A position under given rules. Treat as immutable: every operation returns a new one. */
export interface RulesPosition {
  readonly rules: BoardRules;
  /** chessops position; not exported in DTOs, FEN is the stored form. */
  readonly chess: Position;
}

export type FenError = "fen.invalid" | "fen.illegal-position";
export type MoveError = "move.invalid" | "move.illegal";

export interface PlayedMove {
  /** Canonical UCI: e1g1 for castling in standard chess, king-takes-rook (e1h1) in Chess960, `P@e4` for a drop. */
  readonly uci: string;
  readonly san: string;
  readonly position: RulesPosition;
  readonly capture: boolean;
  readonly castle: boolean;
  readonly check: boolean;
  readonly promotion: boolean;
}

const rulesOf = (rules: RulesId | BoardRules): BoardRules => (typeof rules === "string" ? classicRules[rules] : rules);

export const parseFen = (rules: RulesId | BoardRules, fen: string): Result<RulesPosition, FenError> => {
  const setup = parseChessopsFen(fen.trim());
  if (setup.isErr) return fail("fen.invalid");
  const boardRules = rulesOf(rules);
  const chess = boardRules.fromSetup(setup.value);
  if (!chess) return fail("fen.illegal-position");
  return ok({ rules: boardRules, chess });
};

export const toFen = (position: RulesPosition): string => makeFen(position.chess.toSetup());

/**
 * The key two positions share when they are "the same position" for the
 * repetition rule: placement with any pockets, side to move, castling rights,
 * an en-passant square only when a capture there is legal, and three-check's
 * remaining checks (no move counters).
 */
export const repetitionKey = (position: RulesPosition): string => makeFen(position.chess.toSetup(), { epd: true });

export const repetitionKeyOfFen = (fen: string): string => fen.split(" ").slice(0, -2).join(" ");

export type StartOptions = { readonly scharnagl?: number; readonly random?: () => number };

export interface StartPosition {
  readonly position: RulesPosition;
  /** The Chess960 position number, for the PGN and the game record; 518 in standard chess. */
  readonly scharnagl: number;
}

/**
 * A board's first position: the standard array (every variant but Chess960
 * starts from it, with empty pockets and three checks to give), or a Chess960
 * array by Scharnagl number (given, or drawn from `random`).
 */
export const startPosition = (rules: RulesId | BoardRules, options: StartOptions = {}): Result<StartPosition, "start.invalid-scharnagl"> => {
  const boardRules = rulesOf(rules);
  if (boardRules.id !== "chess960") return ok({ position: { rules: boardRules, chess: boardRules.initial?.() ?? Chess.default() }, scharnagl: standardScharnagl });
  const scharnagl = options.scharnagl ?? (options.random ? randomScharnagl(options.random) : undefined);
  const fen = scharnagl === undefined ? undefined : chess960StartFen(scharnagl);
  if (scharnagl === undefined || fen === undefined) return fail("start.invalid-scharnagl");
  const parsed = parseFen(boardRules, fen);
  if (!parsed.ok) return fail("start.invalid-scharnagl");
  return ok({ position: parsed.value, scharnagl });
};

export const turnOf = (position: RulesPosition): Color => position.chess.turn;

export const isCheck = (position: RulesPosition): boolean => position.chess.isCheck();

/** Legal destinations per origin square, in chessground's shape (castling as king-takes-rook in Chess960, both forms in standard). */
export const legalDestinations = (position: RulesPosition): Map<SquareName, SquareName[]> =>
  chessgroundDests(position.chess, { chess960: position.rules.kingTakesRookCastling });

const promotionRoles: readonly Role[] = ["queen", "rook", "bishop", "knight"];
const droppableRoles: readonly Role[] = ["pawn", "knight", "bishop", "rook", "queen"];

/** Every legal move in canonical UCI (promotions expanded, then drops as `P@e4`). */
export const legalMoves = (position: RulesPosition): string[] => {
  const chess = position.chess;
  const ctx = chess.ctx();
  const moves: string[] = [];
  for (const [from, targets] of chess.allDests(ctx)) {
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
  if (!position.rules.drops || !chess.pockets) return moves;
  const dropSquares = chess.dropDests(ctx);
  for (const role of droppableRoles) {
    if (chess.pockets[chess.turn][role] <= 0) continue;
    for (const to of dropSquares) {
      if (role === "pawn" && (to < 8 || to >= 56)) continue;
      moves.push(makeUci({ role, to }));
    }
  }
  return moves;
};

/** chessops moves castling king-takes-rook internally; standard chess writes the king's destination instead. */
export const canonicalUci = (position: RulesPosition, move: NormalMove): string => {
  const side = castlingSide(position.chess, move);
  if (!side) return makeUci(move);
  const kingTakesRook = normalizeMove(position.chess, move);
  if (position.rules.kingTakesRookCastling) return makeUci(kingTakesRook);
  return makeSquare(move.from) + makeSquare(kingCastlesTo(position.chess.turn, side));
};

/**
 * Reads a UCI move and checks it is legal. In Chess960 castling must be
 * written king-takes-rook (the king's own destination is refused: on many
 * arrays it is also an ordinary king move); standard chess accepts e1g1 and
 * e1h1. Drops (`N@f3`) only where the rules have pockets.
 */
export const parseMove = (position: RulesPosition, uci: string): Result<Move, MoveError> => {
  const wellFormed = /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci) || (position.rules.drops && /^[PNBRQ]@[a-h][1-8]$/.test(uci));
  const move = wellFormed ? parseUci(uci) : undefined;
  if (!move) return fail("move.invalid");
  const chess = position.chess;
  if (isNormal(move)) {
    const side = castlingSide(chess, move);
    if (side) {
      const kingTakesRook = move.to === chess.castles.rook[chess.turn][side];
      const kingToDestination = !position.rules.kingTakesRookCastling
        && squareFile(move.from) === 4
        && move.to === kingCastlesTo(chess.turn, side);
      if (!kingTakesRook && !kingToDestination) return fail("move.illegal");
    }
  }
  if (!chess.isLegal(move)) return fail("move.illegal");
  return ok(move);
};

/** Plays a UCI move or drop: the SAN, the new position and what happened (for sounds and the move list). */
export const playMove = (position: RulesPosition, uci: string): Result<PlayedMove, MoveError> => {
  const parsed = parseMove(position, uci);
  if (!parsed.ok) return parsed;
  const move = parsed.value;
  const before = position.chess;
  // A drop neither castles, captures nor promotes.
  const normal = isNormal(move) ? move : undefined;
  const castle = !!normal && castlingSide(before, normal) !== undefined;
  const capture = !!normal && !castle && (before.board.occupied.has(normal.to) || (before.board.pawn.has(normal.from) && normal.to === before.epSquare));
  const canonical = normal ? canonicalUci(position, normal) : uci;
  const after = before.clone();
  const san = makeSanAndPlay(after, move);
  return ok({
    uci: canonical,
    san,
    position: { rules: position.rules, chess: after },
    capture,
    castle,
    check: after.isCheck(),
    promotion: normal?.promotion !== undefined,
  });
};

/** The piece a move takes, as it goes to a pocket (a promoted piece as a pawn); none for castling. */
export const capturedPiece = (position: RulesPosition, uci: string): { readonly role: Role; readonly color: Color } | undefined => {
  const move = parseUci(uci);
  if (!move || !isNormal(move) || castlingSide(position.chess, move)) return undefined;
  return capturedAt(position.chess, move);
};

const capturedAt = (before: Position, move: NormalMove): { role: Role; color: Color } | undefined => {
  const taken = before.board.get(move.to);
  if (taken) return { role: taken.promoted ? "pawn" : taken.role, color: taken.color };
  if (before.board.pawn.has(move.from) && move.to === before.epSquare) return { role: "pawn", color: opponentOf(before.turn) };
  return undefined;
};

/** Plays a move written in SAN (PGN import, tests); the same result as `playMove` with its UCI. */
export const playSan = (position: RulesPosition, san: string): Result<PlayedMove, MoveError> => {
  const move = parseSan(position.chess, san);
  if (!move) return fail("move.illegal");
  return playMove(position, isNormal(move) ? canonicalUci(position, move) : makeUci(move));
};

/**
 * Whether the game is over in this position. `repetitionKeys` are the keys
 * (see `repetitionKey`) of every position of the game so far, this one
 * included, last.
 */
export const positionOutcome = (position: RulesPosition, repetitionKeys: readonly string[] = []): GameOutcome | undefined => {
  const chess = position.chess;
  const ctx = chess.ctx();
  const variantEnd = position.rules.variantEnd?.(chess);
  if (variantEnd) return variantEnd;
  if (chess.isCheckmate(ctx)) return win(opponentOf(chess.turn), "checkmate");
  if (chess.isStalemate(ctx)) return draw("stalemate");
  if (!canMate(position, "white") && !canMate(position, "black")) return draw("insufficient-material");
  if (position.rules.drawRules === false) return undefined;
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

/** The flag of `flagged` fell: a loss, or a draw when the opponent cannot win by any series of legal moves. */
export const timeoutOutcome = (position: RulesPosition, flagged: Color): GameOutcome => {
  const opponent = opponentOf(flagged);
  return canMate(position, opponent) ? win(opponent, "timeout") : draw("timeout-vs-insufficient-material");
};

/** Whether `color` can still win (used for timeouts and for claims against a player who left). */
export const canMate = (position: RulesPosition, color: Color): boolean =>
  position.rules.canWin ? position.rules.canWin(position.chess, color) : !position.chess.hasInsufficientMaterial(color);
