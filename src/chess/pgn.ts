import type { GameOutcome, GameResult } from "./outcome.ts";
import type { BoardRulesId } from "./rules.ts";
import { pgnTimeControl, type TimeControl } from "./time-control.ts";

/**
 * PGN export: the Seven Tag Roster first, then the tags a reader needs to
 * replay the game (Variant, SetUp and FEN for Chess960), TimeControl and
 * Termination, and a [%clk h:mm:ss] comment after each move when clocks are
 * known. Isomorphic, no I/O.
 */
export interface PgnMove {
  readonly san: string;
  /** The mover's clock after the move (increment included), when the game has clocks. */
  readonly clockMs?: number;
}

export interface PgnGame {
  readonly event: string;
  readonly site: string;
  /** When the game started; written as the UTC date. */
  readonly startedAt: Date | undefined;
  readonly white: string;
  readonly black: string;
  readonly rules: BoardRulesId;
  /** The start position, required for Chess960 (written as SetUp/FEN). */
  readonly initialFen?: string;
  readonly timeControl?: TimeControl;
  /** Undefined while the game is in progress ("*"). */
  readonly outcome?: GameOutcome;
  readonly moves: readonly PgnMove[];
  /** Further tags after ours, in the order given (WhiteElo, ECO, Link ...). */
  readonly extraTags?: readonly (readonly [name: string, value: string])[];
}

/** The Variant tag's value per rules, as lichess writes it and chessops' `parseVariant` reads it back; standard chess has none. */
const variantTags: Readonly<Record<BoardRulesId, string | undefined>> = {
  standard: undefined,
  chess960: "Chess960",
  crazyhouse: "Crazyhouse",
  kingOfTheHill: "King of the Hill",
  threeCheck: "Three-check",
  bughouse: "Bughouse",
};

const escapeTagValue = (value: string): string => value.replace(/[\r\n\t]+/g, " ").replace(/\\/g, "\\\\").replace(/"/g, '\\"');

const pgnDate = (date: Date | undefined): string => {
  if (!date || Number.isNaN(date.getTime())) return "????.??.??";
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;
};

/** h:mm:ss, whole seconds rounded down, never negative. */
export const pgnClock = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
};

/** The Termination tag, in words, as the public archive's readers expect ("white won by checkmate"). */
export const terminationText = (outcome: GameOutcome | undefined, white: string, black: string): string => {
  if (!outcome) return "Game in progress";
  if (outcome.result === "*") return "Game aborted";
  if (outcome.result === "1/2-1/2") {
    const how: Record<typeof outcome.reason, string> = {
      stalemate: "stalemate",
      "insufficient-material": "insufficient material",
      "fifty-moves": "50-move rule",
      "threefold-repetition": "repetition",
      "timeout-vs-insufficient-material": "timeout vs insufficient material",
      agreement: "agreement",
      abandonment: "abandonment",
    };
    return `Game drawn by ${how[outcome.reason]}`;
  }
  const winner = outcome.winner === "white" ? white : black;
  const how: Record<typeof outcome.reason, string> = {
    checkmate: "won by checkmate",
    resignation: "won by resignation",
    timeout: "won on time",
    abandonment: "won - game abandoned",
    "king-of-the-hill": "won - king in the centre",
    "three-checks": "won by three checks",
  };
  return `${winner} ${how[outcome.reason]}`;
};

/** Joins tokens into lines of at most 80 characters, as the PGN export format asks. */
const wrap = (tokens: readonly string[]): string => {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line && line.length + 1 + token.length > 80) {
      lines.push(line);
      line = token;
    } else {
      line = line ? `${line} ${token}` : token;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
};

const firstMoveNumber = (initialFen: string | undefined): { readonly number: number; readonly blackFirst: boolean } => {
  const fields = initialFen?.trim().split(/\s+/) ?? [];
  const fullmove = Number(fields[5]);
  return { number: Number.isInteger(fullmove) && fullmove > 0 ? fullmove : 1, blackFirst: fields[1] === "b" };
};

export const writePgn = (game: PgnGame): string => {
  const result: GameResult = game.outcome?.result ?? "*";
  const tags: [string, string][] = [
    ["Event", game.event],
    ["Site", game.site],
    ["Date", pgnDate(game.startedAt)],
    ["Round", "-"],
    ["White", game.white],
    ["Black", game.black],
    ["Result", result],
  ];
  const variant = variantTags[game.rules];
  if (variant) tags.push(["Variant", variant]);
  if (game.initialFen && (game.rules === "chess960" || !game.initialFen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "))) {
    tags.push(["SetUp", "1"], ["FEN", game.initialFen]);
  }
  if (game.timeControl) tags.push(["TimeControl", pgnTimeControl(game.timeControl)]);
  tags.push(["Termination", terminationText(game.outcome, game.white, game.black)]);
  for (const [name, value] of game.extraTags ?? []) {
    if (/^[A-Za-z0-9_]+$/.test(name)) tags.push([name, value]);
  }

  const start = firstMoveNumber(game.initialFen);
  const tokens: string[] = [];
  game.moves.forEach((move, index) => {
    const ply = index + (start.blackFirst ? 1 : 0);
    const number = start.number + Math.floor(ply / 2);
    if (ply % 2 === 0) tokens.push(`${number}.`);
    else if (index === 0) tokens.push(`${number}...`);
    tokens.push(move.san);
    if (move.clockMs !== undefined) tokens.push(`{[%clk ${pgnClock(move.clockMs)}]}`);
  });
  tokens.push(result);

  const header = tags.map(([name, value]) => `[${name} "${escapeTagValue(value)}"]`).join("\n");
  return `${header}\n\n${wrap(tokens)}\n`;
};
