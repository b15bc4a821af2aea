import { describe, expect, it } from "vitest";
import { legalMoves, parseFen, playMove, positionOutcome, repetitionKey, repetitionKeyOfFen, timeoutOutcome, toFen, type BoardRules, type RulesPosition } from "./rules.ts";
import { gameOutcomeOfBoard, playOnBoard, startBoards, variants, type GameVariant } from "./variants.ts";

const at = (rules: BoardRules, fen: string): RulesPosition => {
  const parsed = parseFen(rules, fen);
  if (!parsed.ok) throw new Error(`bad test FEN ${fen}: ${parsed.error}`);
  return parsed.value;
};

const play = (start: RulesPosition, ...ucis: string[]): RulesPosition =>
  ucis.reduce((current, uci) => {
    const played = playMove(current, uci);
    if (!played.ok) throw new Error(`${uci} refused in ${toFen(current)}: ${played.error}`);
    return played.value.position;
  }, start);

const started = (variant: GameVariant): readonly RulesPosition[] => {
  const start = startBoards(variant);
  if (!start.ok) throw new Error("no start");
  return start.value.positions;
};

const crazyhouse = variants.crazyhouse.boards[0]!;
const kingOfTheHill = variants.kingOfTheHill.boards[0]!;
const threeCheck = variants.threeCheck.boards[0]!;

describe("crazyhouse", () => {
  it("puts a captured piece in the capturer's pocket, and it can be dropped as P@e4", () => {
    const position = play(started(variants.crazyhouse)[0]!, "e2e4", "d7d5", "e4d5", "d8d5");
    expect(toFen(position)).toBe("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    expect(legalMoves(position)).toContain("P@e4");
    const dropped = playMove(position, "P@e4");
    expect(dropped.ok && dropped.value.san).toBe("@e4");
    expect(dropped.ok && toFen(dropped.value.position)).toBe("rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3");
  });

  it("refuses a pawn on the back rank, a piece not in the pocket, and drops in standard chess", () => {
    const position = at(crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    expect(playMove(position, "P@d8")).toEqual({ ok: false, error: "move.illegal" });
    expect(playMove(position, "N@d4")).toEqual({ ok: false, error: "move.illegal" });
    expect(playMove(position, "P@d4").ok).toBe(true);
    expect(legalMoves(position).filter((uci) => uci.startsWith("P@"))).toHaveLength(48);
    const standard = parseFen("standard", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect(standard.ok && playMove(standard.value, "P@d4")).toEqual({ ok: false, error: "move.invalid" });
  });

  it("returns a captured promoted piece as a pawn", () => {
    const position = at(crazyhouse, "3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    expect(toFen(play(position, "e8d8"))).toBe("3k4/8/8/8/8/8/8/4K3[p] w - - 0 2");
  });

  it("returns a piece promoted during the game as a pawn, and drops it as one", () => {
    // White's b7 pawn promotes to a queen on a8; black's rook takes it: black's pocket gets a pawn, not a queen.
    const promoted = play(at(crazyhouse, "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"), "b7b8q");
    expect(toFen(promoted)).toBe("rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    const taken = play(promoted, "a8b8");
    expect(toFen(taken)).toBe("1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    expect(playMove(play(taken, "e1d1"), "Q@d4")).toEqual({ ok: false, error: "move.illegal" });
    expect(toFen(play(taken, "e1d1", "P@d4"))).toBe("1r2k3/8/8/8/3p4/8/8/3K4[] w - - 0 3");
  });

  // Published crazyhouse perft counts (the tables chessops and lichess test against), through this module's legalMoves and playMove.
  it.each([
    ["zh-all-drop-types", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 301, 75353],
    ["zh-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 67, 3083],
    ["zh-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 42, 1347],
    ["zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", 20, 360],
  ])("counts the perft of %s to depth 2", (_name, fen, depth1, depth2) => {
    const position = at(crazyhouse, fen);
    const moves = legalMoves(position);
    expect(moves).toHaveLength(depth1);
    expect(moves.reduce((sum, uci) => sum + legalMoves(play(position, uci)).length, 0)).toBe(depth2);
  });

  it("has no insufficient-material draw while a pocket holds a pawn, and a drop can block a mate", () => {
    expect(positionOutcome(at(crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"))).toBeUndefined();
    // Rook checks on the back rank; without a pocket it is mate, with a knight to drop it is not.
    expect(positionOutcome(at(crazyhouse, "R3k3/8/4K3/8/8/8/8/8[] b - - 0 1"))?.reason).toBe("checkmate");
    expect(positionOutcome(at(crazyhouse, "R3k3/8/4K3/8/8/8/8/8[n] b - - 0 1"))).toBeUndefined();
  });
});

describe("king of the hill", () => {
  it("a king on a centre square wins, and a bare king can still win on time", () => {
    const position = at(kingOfTheHill, "8/8/8/8/8/3K4/8/7k w - - 0 1");
    expect(positionOutcome(play(position, "d3e4"))).toEqual({ result: "1-0", winner: "white", reason: "king-of-the-hill" });
    expect(positionOutcome(play(position, "d3c3"))).toBeUndefined();
    expect(timeoutOutcome(position, "black")).toEqual({ result: "1-0", winner: "white", reason: "timeout" });
  });
});

describe("three-check", () => {
  it("the third check wins", () => {
    const position = at(threeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0");
    expect(positionOutcome(play(position, "a1a8"))).toEqual({ result: "1-0", winner: "white", reason: "three-checks" });
    expect(positionOutcome(play(at(threeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +1+0"), "a1a8"))).toBeUndefined();
  });

  it("the live key and the key read off the FEN are equal, checks given included", () => {
    let position = started(variants.threeCheck)[0]!;
    const ucis = ["e2e4", "d7d6", "f1b5", "c7c6", "b5a4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1"];
    const keys: string[] = [];
    for (const uci of ucis) {
      position = play(position, uci);
      expect(repetitionKeyOfFen(toFen(position))).toBe(repetitionKey(position));
      keys.push(repetitionKey(position));
    }
    // The check given is part of the key: the same placement with different checks left is another position.
    expect(repetitionKey(position)).toMatch(/ 2\+3$/);
    const sameBoardNoCheck = at(threeCheck, toFen(position).replace(" 2+3 ", " 3+3 "));
    expect(repetitionKey(sameBoardNoCheck)).not.toBe(repetitionKey(position));
    // Keys made either way count the same repetition.
    expect(positionOutcome(position, keys)?.reason).toBe("threefold-repetition");
    expect(positionOutcome(position, keys.map((key) => key))).toEqual(positionOutcome(position, [...keys.slice(0, -1), repetitionKeyOfFen(toFen(position))]));
  });
});

describe("bughouse: two linked crazyhouse boards", () => {
  const bughouse = variants.bughouse;

  it("seats four: board 0's white and board 1's black are partners", () => {
    expect(bughouse.seats.map((seat) => `${seat.board}${seat.color[0]}${seat.team}`)).toEqual(["0w0", "0b1", "1w1", "1b0"]);
  });

  it("a capture on board 0 goes to the partner's pocket on board 1, not to the capturer's", () => {
    let positions = started(bughouse);
    for (const uci of ["e2e4", "d7d5", "e4d5"]) {
      const moved = playOnBoard(bughouse, positions, 0, uci);
      if (!moved.ok) throw new Error(moved.error);
      positions = moved.value.positions;
      if (uci === "e4d5") expect(moved.value.changedBoards).toEqual([0, 1]);
      else expect(moved.value.changedBoards).toEqual([0]);
    }
    expect(toFen(positions[0]!)).toBe("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2");
    // Board 1's black (white's partner) may drop the black pawn when it is their turn.
    expect(toFen(positions[1]!)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w KQkq - 0 1");
    const white = playOnBoard(bughouse, positions, 1, "e2e4");
    if (!white.ok) throw new Error(white.error);
    expect(legalMoves(white.value.positions[1]!)).toContain("P@e5");
    expect(playOnBoard(bughouse, white.value.positions, 1, "P@e5").ok).toBe(true);
  });

  it("a captured promoted piece reaches the partner as a pawn", () => {
    const boards = [at(bughouse.boards[0]!, "3q~k3/8/8/8/8/8/8/3RK3[] w - - 0 1"), started(bughouse)[1]!];
    const moved = playOnBoard(bughouse, boards, 0, "d1d8");
    if (!moved.ok) throw new Error(moved.error);
    expect(toFen(moved.value.positions[1]!)).toContain("[p] w ");
    expect(toFen(moved.value.positions[0]!)).toContain("[] b ");
  });

  it("refuses an illegal move and changes no board", () => {
    const positions = started(bughouse);
    expect(playOnBoard(bughouse, positions, 1, "e2e5")).toEqual({ ok: false, error: "move.illegal" });
    expect(playOnBoard(bughouse, positions, 2, "e2e4")).toEqual({ ok: false, error: "move.invalid" });
    expect(positions.map(toFen)).toEqual(started(bughouse).map(toFen));
  });

  it("a board's result is its team's: a mate by board 1's white wins for team 1", () => {
    expect(gameOutcomeOfBoard(bughouse, 1, { result: "1-0", winner: "white", reason: "checkmate" })).toEqual({ result: "0-1", winner: "black", reason: "checkmate" });
    expect(gameOutcomeOfBoard(bughouse, 0, { result: "1-0", winner: "white", reason: "checkmate" })).toEqual({ result: "1-0", winner: "white", reason: "checkmate" });
    // Bare kings are no draw: pieces keep arriving from the other board.
    expect(positionOutcome(at(bughouse.boards[0]!, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"))).toBeUndefined();
    expect(timeoutOutcome(at(bughouse.boards[0]!, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"), "white").reason).toBe("timeout");
  });
});
