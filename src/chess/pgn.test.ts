import { parseGame } from "@mliebelt/pgn-parser";
import { describe, expect, it } from "vitest";
import { draw, win, type GameOutcome } from "./outcome.ts";
import { pgnClock, writePgn, type PgnMove } from "./pgn.ts";
import { legalMoves, parseFen, playMove, playSan, positionOutcome, repetitionKey, startPosition, toFen, type RulesId, type RulesPosition } from "./rules.ts";

/** A small seeded generator so the random games are the same on every run. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

interface PlayedGame {
  readonly initialFen: string;
  readonly finalFen: string;
  readonly moves: PgnMove[];
  readonly outcome: GameOutcome | undefined;
}

/** Plays random legal moves until the game ends or 250 plies pass, with a made-up 3+2 clock. */
const randomGame = (rules: RulesId, seed: number): PlayedGame => {
  const random = seededRandom(seed);
  const start = startPosition(rules, { random });
  if (!start.ok) throw new Error("no start");
  let position: RulesPosition = start.value.position;
  const keys = [repetitionKey(position)];
  const moves: PgnMove[] = [];
  let outcome: GameOutcome | undefined;
  for (let ply = 0; ply < 250 && !outcome; ply++) {
    const options = legalMoves(position);
    const uci = options[Math.floor(random() * options.length)] ?? "";
    const played = playMove(position, uci);
    if (!played.ok) throw new Error(`own move refused: ${uci}`);
    position = played.value.position;
    keys.push(repetitionKey(position));
    moves.push({ san: played.value.san, clockMs: 180_000 - ply * 731 });
    outcome = positionOutcome(position, keys);
  }
  return { initialFen: toFen(start.value.position), finalFen: toFen(position), moves, outcome };
};

const replay = (rules: RulesId, initialFen: string | undefined, sans: readonly string[]): string => {
  const start = initialFen ? parseFen(rules, initialFen) : startPosition(rules, { scharnagl: 518 });
  if (!start.ok) throw new Error("no start");
  let position = "position" in start.value ? start.value.position : start.value;
  for (const san of sans) {
    const played = playSan(position, san);
    if (!played.ok) throw new Error(`could not replay ${san} in ${toFen(position)}`);
    position = played.value.position;
  }
  return toFen(position);
};

describe("PGN", () => {
  for (const [rules, seed] of [["standard", 1], ["standard", 7], ["chess960", 3], ["chess960", 11], ["chess960", 29]] as const) {
    it(`is read back by @mliebelt/pgn-parser and replays to the same position (${rules}, seed ${seed})`, () => {
      const game = randomGame(rules, seed);
      const pgn = writePgn({
        event: "Live Chess",
        site: "Kingside",
        startedAt: new Date(Date.UTC(2026, 10, 24, 23, 59)),
        white: "alice",
        black: "bob",
        rules,
        initialFen: rules === "chess960" ? game.initialFen : undefined,
        timeControl: { kind: "live", baseSeconds: 180, incrementSeconds: 2 },
        outcome: game.outcome,
        moves: game.moves,
      });
      const parsed = parseGame(pgn);
      const tags = parsed.tags;
      if (!tags) throw new Error("no tags read back");
      expect(Object.keys(tags).slice(0, 7)).toEqual(["Event", "Site", "Date", "Round", "White", "Black", "Result"]);
      expect(tags.Result).toBe(game.outcome?.result ?? "*");
      expect(pgn).toContain('[TimeControl "180+2"]');
      expect(pgn).toContain('[Date "2026.11.24"]');
      if (rules === "chess960") {
        expect(tags.Variant).toBe("Chess960");
        expect(tags.SetUp).toBe("1");
        expect(tags.FEN).toBe(game.initialFen);
      } else {
        expect(tags.FEN).toBeUndefined();
      }
      const sans = parsed.moves.map((move) => move.notation.notation);
      expect(sans).toEqual(game.moves.map((move) => move.san));
      expect(parsed.moves.map((move) => move.commentDiag?.clk)).toEqual(game.moves.map((move) => pgnClock(move.clockMs ?? 0)));
      expect(replay(rules, typeof tags.FEN === "string" ? tags.FEN : undefined, sans)).toBe(game.finalFen);
      expect(pgn.split("\n").every((line) => line.length <= 80 || line.startsWith("["))).toBe(true);
    });
  }

  it("carries Chess960 castling through SAN", () => {
    const start = startPosition("chess960", { scharnagl: 518 });
    if (!start.ok) throw new Error("no start");
    let position = start.value.position;
    const moves: PgnMove[] = [];
    for (const uci of ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7", "e1h1", "e8h8"]) {
      const played = playMove(position, uci);
      if (!played.ok) throw new Error(`${uci}: ${played.error}`);
      moves.push({ san: played.value.san });
      position = played.value.position;
    }
    expect(moves.slice(-2).map((move) => move.san)).toEqual(["O-O", "O-O"]);
    const initialFen = toFen(start.value.position);
    const pgn = writePgn({ event: "Casual", site: "Kingside", startedAt: undefined, white: "a", black: "b", rules: "chess960", initialFen, moves });
    const parsed = parseGame(pgn);
    expect(replay("chess960", initialFen, parsed.moves.map((move) => move.notation.notation))).toBe(toFen(position));
  });

  it("writes the termination in words and escapes tag values", () => {
    const base = { event: "Live Chess", site: "Kingside", startedAt: undefined, white: 'al"ice\\', black: "bob", rules: "standard" as const, moves: [] };
    expect(writePgn({ ...base, outcome: win("black", "timeout") })).toContain('[Termination "bob won on time"]');
    expect(writePgn({ ...base, outcome: draw("threefold-repetition") })).toContain('[Termination "Game drawn by repetition"]');
    const pgn = writePgn({ ...base, outcome: win("white", "resignation") });
    expect(pgn).toContain('[White "al\\"ice\\\\"]');
    expect(pgn).toContain('[Date "????.??.??"]');
    expect(pgn.trim().endsWith("1-0")).toBe(true);
    expect(parseGame(pgn).tags?.White).toBe('al"ice\\');
  });

  it("numbers moves from a position where black moves first", () => {
    const pgn = writePgn({
      event: "Casual",
      site: "Kingside",
      startedAt: undefined,
      white: "a",
      black: "b",
      rules: "standard",
      initialFen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      moves: [{ san: "e5" }, { san: "Nf3" }],
    });
    expect(pgn).toContain("1... e5 2. Nf3 *");
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgnClock(3_723_900)).toBe("1:02:03");
    expect(pgnClock(-5)).toBe("0:00:00");
  });
});
