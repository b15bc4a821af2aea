import { makeFen as makeChessopsFen, parseFen as parseChessopsFen } from "chessops/fen";
import { describe, expect, it } from "vitest";
import { chess960BackRank, chess960StartFen, randomScharnagl } from "./chess960.ts";
import {
  legalDestinations,
  legalMoves,
  parseFen,
  parseMove,
  playMove,
  positionOutcome,
  repetitionKey,
  repetitionKeyOfFen,
  startPosition,
  timeoutOutcome,
  toFen,
  type RulesId,
  type RulesPosition,
} from "./rules.ts";

const position = (rules: RulesId, fen: string): RulesPosition => {
  const parsed = parseFen(rules, fen);
  if (!parsed.ok) throw new Error(`bad test FEN ${fen}: ${parsed.error}`);
  return parsed.value;
};

/** Counts leaf nodes through our own move list and move parser, so perft checks the wrapper, not only chessops. */
const perft = (start: RulesPosition, depth: number): number => {
  if (depth === 0) return 1;
  const moves = legalMoves(start);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const uci of moves) {
    const move = parseMove(start, uci);
    if (!move.ok) throw new Error(`our own legal move ${uci} was refused in ${toFen(start)}`);
    const child = start.chess.clone();
    child.play(move.value);
    nodes += perft({ rules: start.rules, chess: child }, depth - 1);
  }
  return nodes;
};

const play = (start: RulesPosition, ...ucis: string[]): RulesPosition =>
  ucis.reduce((current, uci) => {
    const played = playMove(current, uci);
    if (!played.ok) throw new Error(`${uci} refused in ${toFen(current)}: ${played.error}`);
    return played.value.position;
  }, start);

const standardStart = (): RulesPosition => {
  const start = startPosition("standard");
  if (!start.ok) throw new Error("no standard start");
  return start.value.position;
};

describe("perft (published counts)", () => {
  it("standard start position, depth 1–4", () => {
    const start = standardStart();
    expect([1, 2, 3, 4].map((depth) => perft(start, depth))).toEqual([20, 400, 8902, 197281]);
  });

  // 4,865,609 nodes: a few seconds, worth it for the move generator every game relies on.
  it("standard start position, depth 5", () => {
    expect(perft(standardStart(), 5)).toBe(4_865_609);
  }, 60_000);

  it("Kiwipete (castling, en passant, promotions), depth 1–3", () => {
    const kiwipete = position("standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    expect([1, 2, 3].map((depth) => perft(kiwipete, depth))).toEqual([48, 2039, 97862]);
  });

  // Ethereal's fischer.epd, the Chess960 perft table the engines test against.
  const chess960Table: [string, number[]][] = [
    ["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", [21, 528, 12189, 326672]],
    ["2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", [21, 807, 18002, 667366]],
    ["b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", [20, 479, 10471, 273318]],
    ["qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", [22, 593, 13440, 382958]],
  ];
  for (const [fen, counts] of chess960Table) {
    it(`Chess960 ${fen}`, () => {
      const start = position("chess960", fen);
      expect(counts.map((_, index) => perft(start, index + 1))).toEqual(counts);
    });
  }
});

describe("Chess960 start positions", () => {
  it("numbers the arrays as Scharnagl does", () => {
    expect(chess960BackRank(0)).toBe("BBQNNRKR");
    expect(chess960BackRank(518)).toBe("RNBQKBNR");
    expect(chess960BackRank(959)).toBe("RKRNNQBB");
    expect(chess960BackRank(960)).toBeUndefined();
    expect(chess960BackRank(-1)).toBeUndefined();
    expect(chess960BackRank(1.5)).toBeUndefined();
  });

  it("gives 960 different legal arrays, bishops on opposite colours and the king between the rooks", () => {
    const arrays = new Set<string>();
    for (let n = 0; n < 960; n++) {
      const rank = chess960BackRank(n) ?? "";
      arrays.add(rank);
      const bishops = [...rank].flatMap((piece, file) => (piece === "B" ? [file % 2] : []));
      expect(bishops.sort()).toEqual([0, 1]);
      expect(rank.indexOf("R")).toBeLessThan(rank.indexOf("K"));
      expect(rank.lastIndexOf("R")).toBeGreaterThan(rank.indexOf("K"));
      expect(startPosition("chess960", { scharnagl: n }).ok).toBe(true);
    }
    expect(arrays.size).toBe(960);
  });

  it("draws a start position from the injected random source", () => {
    expect(randomScharnagl(() => 0)).toBe(0);
    expect(randomScharnagl(() => 0.99999999)).toBe(959);
    const drawn = startPosition("chess960", { random: () => 518 / 960 });
    expect(drawn.ok && drawn.value.scharnagl).toBe(518);
    expect(drawn.ok && toFen(drawn.value.position)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect(startPosition("chess960").ok).toBe(false);
    expect(startPosition("chess960", { scharnagl: 960 }).ok).toBe(false);
  });
});

describe("FEN", () => {
  it("round-trips and refuses nonsense or impossible positions", () => {
    const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    expect(toFen(position("standard", fen))).toBe(fen);
    expect(parseFen("standard", "not a fen")).toEqual({ ok: false, error: "fen.invalid" });
    expect(parseFen("standard", "8/8/8/8/8/8/8/8 w - - 0 1")).toEqual({ ok: false, error: "fen.illegal-position" });
    expect(chess960StartFen(0)).toBe("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  });
});

describe("moves", () => {
  it("answers SAN, canonical UCI and what happened", () => {
    const played = playMove(standardStart(), "e2e4");
    expect(played.ok && { san: played.value.san, uci: played.value.uci, capture: played.value.capture }).toEqual({ san: "e4", uci: "e2e4", capture: false });
    const afterCapture = play(standardStart(), "e2e4", "d7d5");
    const capture = playMove(afterCapture, "e4d5");
    expect(capture.ok && [capture.value.san, capture.value.capture]).toEqual(["exd5", true]);
  });

  it("refuses malformed and illegal moves", () => {
    expect(playMove(standardStart(), "e2e5")).toEqual({ ok: false, error: "move.illegal" });
    expect(playMove(standardStart(), "e7e5")).toEqual({ ok: false, error: "move.illegal" });
    expect(playMove(standardStart(), "zz99")).toEqual({ ok: false, error: "move.invalid" });
    expect(playMove(standardStart(), "Q@e4")).toEqual({ ok: false, error: "move.invalid" });
    expect(playMove(standardStart(), "")).toEqual({ ok: false, error: "move.invalid" });
  });

  it("needs a promotion piece on the last rank and reports it", () => {
    const promoting = position("standard", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    expect(playMove(promoting, "a7a8")).toEqual({ ok: false, error: "move.illegal" });
    const promoted = playMove(promoting, "a7a8n");
    expect(promoted.ok && [promoted.value.san, promoted.value.promotion]).toEqual(["a8=N", true]);
  });

  it("takes en passant as a capture", () => {
    const enPassant = play(standardStart(), "e2e4", "a7a6", "e4e5", "d7d5");
    const played = playMove(enPassant, "e5d6");
    expect(played.ok && [played.value.san, played.value.capture]).toEqual(["exd6", true]);
  });

  it("gives the board its legal destinations", () => {
    const dests = legalDestinations(standardStart());
    expect(dests.get("g1")?.sort()).toEqual(["f3", "h3"]);
    expect(dests.get("e7")).toBeUndefined();
  });
});

describe("castling", () => {
  const standardReady = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

  it("accepts e1g1 and e1h1 in standard chess and writes e1g1", () => {
    for (const uci of ["e1g1", "e1h1"]) {
      const played = playMove(position("standard", standardReady), uci);
      expect(played.ok && [played.value.san, played.value.uci, played.value.castle]).toEqual(["O-O", "e1g1", true]);
      expect(played.ok && toFen(played.value.position)).toBe("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");
    }
    const long = playMove(position("standard", standardReady), "e1c1");
    expect(long.ok && [long.value.san, long.value.uci]).toEqual(["O-O-O", "e1c1"]);
  });

  it("needs king-takes-rook in Chess960 and refuses the king's two-square move", () => {
    const fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    expect(playMove(position("chess960", fen), "e1g1")).toEqual({ ok: false, error: "move.illegal" });
    const played = playMove(position("chess960", fen), "e1h1");
    expect(played.ok && [played.value.san, played.value.uci]).toEqual(["O-O", "e1h1"]);
    expect(legalDestinations(position("chess960", fen)).get("e1")).toContain("h1");
    expect(legalDestinations(position("chess960", fen)).get("e1")).not.toContain("g1");
  });

  it("castles where the king only steps one square, or stays put", () => {
    // King b1, rook a1: queen-side castling puts the king on c1 and the rook on d1.
    const kingB1 = position("chess960", "rk6/8/8/8/8/8/8/RK6 w Aa - 0 1");
    const queenSide = playMove(kingB1, "b1a1");
    expect(queenSide.ok && [queenSide.value.san, toFen(queenSide.value.position)]).toEqual(["O-O-O", "rk6/8/8/8/8/8/8/2KR4 b q - 1 1"]);
    // King g1, rook h1: king-side castling leaves the king on g1 and puts the rook on f1.
    const kingG1 = position("chess960", "6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
    const kingSide = playMove(kingG1, "g1h1");
    expect(kingSide.ok && [kingSide.value.san, toFen(kingSide.value.position)]).toEqual(["O-O", "6kr/8/8/8/8/8/8/5RK1 b k - 1 1"]);
  });

  it("does not read king-takes-own-piece as castling", () => {
    // King b1, knight c1, rook h1 with king-side rights: b1c1 is not castling.
    const blocked = position("chess960", "1k5r/8/8/8/8/8/8/1KN4R w Hh - 0 1");
    expect(playMove(blocked, "b1c1")).toEqual({ ok: false, error: "move.illegal" });
  });

  it("refuses castling through check, out of check and without rights", () => {
    const throughCheck = position("standard", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    expect(playMove(throughCheck, "e1g1")).toEqual({ ok: false, error: "move.illegal" });
    const inCheck = position("standard", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    expect(playMove(inCheck, "e1c1")).toEqual({ ok: false, error: "move.illegal" });
    const noRights = position("standard", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    expect(playMove(noRights, "e1g1")).toEqual({ ok: false, error: "move.illegal" });
  });

  it("castles king-takes-rook from the standard array in a Chess960 game", () => {
    const start = startPosition("chess960", { scharnagl: 518 });
    if (!start.ok) throw new Error("no start");
    const ready = play(start.value.position, "g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7");
    expect(legalMoves(ready)).toContain("e1h1");
    expect(legalMoves(ready)).not.toContain("e1g1");
    expect(legalMoves(play(ready, "e1h1"))).toContain("e8h8");
  });
});

describe("outcomes", () => {
  it("checkmate wins for the side that gave it", () => {
    const mated = play(standardStart(), "f2f3", "e7e5", "g2g4", "d8h4");
    expect(positionOutcome(mated)).toEqual({ result: "0-1", winner: "black", reason: "checkmate" });
  });

  it("stalemate and insufficient material draw", () => {
    expect(positionOutcome(position("standard", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))?.reason).toBe("stalemate");
    expect(positionOutcome(position("standard", "7k/8/6K1/8/8/8/8/5B2 b - - 0 1"))?.reason).toBe("insufficient-material");
    expect(positionOutcome(position("standard", "7k/8/6K1/8/8/8/8/5R2 b - - 0 1"))).toBeUndefined();
  });

  it("fifty moves without capture or pawn move draw, unless the hundredth half-move mates", () => {
    expect(positionOutcome(position("standard", "7k/8/6K1/8/8/8/8/5R2 b - - 100 80"))?.reason).toBe("fifty-moves");
    expect(positionOutcome(position("standard", "7k/8/6K1/8/8/8/8/5R2 b - - 99 80"))).toBeUndefined();
    expect(positionOutcome(position("standard", "R6k/8/6K1/8/8/8/8/8 b - - 100 80"))?.reason).toBe("checkmate");
  });

  it("threefold repetition draws on the third occurrence", () => {
    let current = standardStart();
    const keys = [repetitionKey(current)];
    const shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for (let round = 0; round < 2; round++) {
      for (const uci of shuffle) {
        current = play(current, uci);
        keys.push(repetitionKey(current));
        const third = round === 1 && uci === "f6g8";
        expect(positionOutcome(current, keys)?.reason).toBe(third ? "threefold-repetition" : undefined);
      }
    }
  });

  it("reads the same repetition key off the FEN as off the position, en-passant squares and castling rights included", () => {
    const fens = [
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 40",
    ];
    for (const fen of fens) {
      const at = position("standard", fen);
      expect(repetitionKeyOfFen(toFen(at)), fen).toBe(repetitionKey(at));
    }
    // Three-check's FEN has a fifth field, the checks remaining, which the key keeps (chessops' EPD does).
    for (const fen of ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 3"]) {
      const setup = parseChessopsFen(fen).unwrap();
      expect(repetitionKeyOfFen(fen), fen).toBe(makeChessopsFen(setup, { epd: true }));
      expect(repetitionKeyOfFen(fen).split(" ")).toHaveLength(5);
    }
    // Along whole games, standard and Chess960, every position agrees.
    for (const [rules, start] of [["standard", standardStart()], ["chess960", position("chess960", chess960StartFen(518) ?? "")]] as const) {
      let current = start;
      for (let ply = 0; ply < 80; ply++) {
        expect(repetitionKeyOfFen(toFen(current)), `${rules} ply ${ply}`).toBe(repetitionKey(current));
        const moves = legalMoves(current);
        if (moves.length === 0) break;
        current = play(current, moves[(ply * 7919) % moves.length] ?? "");
      }
    }
  });

  it("an en-passant square that cannot be taken does not make a position different", () => {
    const afterDouble = play(standardStart(), "e2e4");
    expect(repetitionKey(afterDouble)).toBe("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
  });

  it("timeout loses, but draws when the opponent cannot mate", () => {
    expect(timeoutOutcome(position("standard", "7k/8/6K1/8/8/8/8/5R2 w - - 0 1"), "black")).toEqual({ result: "1-0", winner: "white", reason: "timeout" });
    expect(timeoutOutcome(position("standard", "7k/8/6K1/8/8/8/8/5N2 w - - 0 1"), "black")).toEqual({
      result: "1/2-1/2",
      winner: undefined,
      reason: "timeout-vs-insufficient-material",
    });
    // A lone king flags against king and rook: the rook side wins.
    expect(timeoutOutcome(position("standard", "7k/8/6K1/8/8/8/8/5R2 w - - 0 1"), "white").reason).toBe("timeout-vs-insufficient-material");
  });
});
