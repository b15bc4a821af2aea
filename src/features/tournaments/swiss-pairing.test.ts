import { describe, expect, it } from "vitest";
import { colourPreference, coloursFor, pairSwissRound, swissOrder, swissTieBreaks, type SwissColour, type SwissEntrant, type SwissGameRecord } from "./swiss-pairing.ts";

const entrant = (id: number, overrides: Partial<SwissEntrant> = {}): SwissEntrant => ({ id, score: 0, pairingNumber: id, colours: [], opponents: [], hadBye: false, ...overrides });

/** Plays rounds through the engine with the given result rule, keeping the histories as the service does. */
function simulate(count: number, rounds: number, result: (white: number, black: number, round: number) => 2 | 1 | 0) {
  const players = new Map<number, { score: number; colours: SwissColour[]; opponents: number[]; hadBye: boolean }>();
  for (let id = 1; id <= count; id += 1) players.set(id, { score: 0, colours: [], opponents: [], hadBye: false });
  const byes: number[] = [];
  const history: { round: number; pairs: { whiteId: number; blackId: number }[] }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const field = [...players].map(([id, p]) => entrant(id, { score: p.score, colours: p.colours, opponents: p.opponents, hadBye: p.hadBye }));
    const paired = pairSwissRound(field);
    expect(paired.unpaired).toEqual([]);
    if (paired.byeId !== null) {
      byes.push(paired.byeId);
      const p = players.get(paired.byeId);
      if (p) {
        p.score += 2;
        p.hadBye = true;
      }
    }
    for (const pair of paired.pairs) {
      const white = players.get(pair.whiteId);
      const black = players.get(pair.blackId);
      if (!white || !black) throw new Error("unknown player");
      const points = result(pair.whiteId, pair.blackId, round);
      white.score += points;
      black.score += 2 - points;
      white.colours.push("white");
      black.colours.push("black");
      white.opponents.push(pair.blackId);
      black.opponents.push(pair.whiteId);
    }
    history.push({ round, pairs: [...paired.pairs] });
  }
  return { players, byes, history };
}

describe("Swiss pairings (our Dutch system)", () => {
  it("pairs the first round top half against bottom half, boards alternating colours (FIDE C.04.3: 1–5, 6–2, 3–7, 8–4)", () => {
    const round = pairSwissRound([1, 2, 3, 4, 5, 6, 7, 8].map((id) => entrant(id)));
    expect(round.byeId).toBeNull();
    expect(round.pairs).toEqual([
      { whiteId: 1, blackId: 5 },
      { whiteId: 6, blackId: 2 },
      { whiteId: 3, blackId: 7 },
      { whiteId: 8, blackId: 4 },
    ]);
  });

  it("pairs a second round by score groups with a floater each way (a worked Dutch example)", () => {
    // Round 1: 1–5 1-0, 6–2 0-1, 3–7 ½-½, 8–4 0-1.
    const round = pairSwissRound([
      entrant(1, { score: 2, colours: ["white"], opponents: [5] }),
      entrant(2, { score: 2, colours: ["black"], opponents: [6] }),
      entrant(3, { score: 1, colours: ["white"], opponents: [7] }),
      entrant(4, { score: 2, colours: ["black"], opponents: [8] }),
      entrant(5, { score: 0, colours: ["black"], opponents: [1] }),
      entrant(6, { score: 0, colours: ["white"], opponents: [2] }),
      entrant(7, { score: 1, colours: ["black"], opponents: [3] }),
      entrant(8, { score: 0, colours: ["white"], opponents: [4] }),
    ]);
    // The 1-point group {1,2,4}: 1 meets 2 (2 had black: white now), 4 floats down to meet 3 (4 had black: white),
    // 7 floats down to meet 5 (both had black: the higher ranked, 7, gets white), and 6 meets 8 (both had white: 6, higher, gets black).
    expect(round.pairs).toEqual([
      { whiteId: 2, blackId: 1 },
      { whiteId: 4, blackId: 3 },
      { whiteId: 7, blackId: 5 },
      { whiteId: 8, blackId: 6 },
    ]);
  });

  it("transposes the bottom half rather than repeat a pairing", () => {
    // Four players on equal scores: the default 1–3, 2–4 were both played; 1–4, 2–3 were not.
    const round = pairSwissRound([
      entrant(1, { score: 2, colours: ["white"], opponents: [3] }),
      entrant(2, { score: 2, colours: ["black"], opponents: [4] }),
      entrant(3, { score: 2, colours: ["black"], opponents: [1] }),
      entrant(4, { score: 2, colours: ["white"], opponents: [2] }),
    ]);
    const met = round.pairs.map((pair) => [pair.whiteId, pair.blackId].sort().join("-")).sort();
    expect(met).toEqual(["1-4", "2-3"]);
  });

  it("gives the bye to the lowest ranked who has not had one, and a player once only", () => {
    const round = pairSwissRound([entrant(1, { score: 2 }), entrant(2, { score: 2 }), entrant(3, { score: 0 }), entrant(4, { score: 0, hadBye: true }), entrant(5, { score: 0 })]);
    // Ranked 1, 2, 3, 4, 5: 5 is the lowest and has had no bye.
    expect(round.byeId).toBe(5);
    const again = pairSwissRound([entrant(1, { score: 2 }), entrant(2, { score: 2 }), entrant(3, { score: 0 }), entrant(4, { score: 0 }), entrant(5, { score: 0, hadBye: true })]);
    expect(again.byeId).toBe(4);
    expect(again.pairs).toHaveLength(2);
  });

  it("passes the bye up when the lowest player's absence would leave the others unpairable", () => {
    // 2 and 3 have met; if 1 took the bye, 2–3 would have to repeat.
    const round = pairSwissRound([entrant(1), entrant(2, { opponents: [3] }), entrant(3, { opponents: [2] })]);
    expect(round.byeId).not.toBe(1);
    expect(round.pairs).toHaveLength(1);
    const pair = round.pairs[0];
    expect(pair && [pair.whiteId, pair.blackId].sort()).not.toEqual([2, 3]);
  });

  it("never gives a third colour in a row when another pairing avoids it", () => {
    // 1 and 2 both had white twice; they must not meet (one would take white a third time).
    const round = pairSwissRound([
      entrant(1, { score: 4, colours: ["white", "white"], opponents: [5, 6] }),
      entrant(2, { score: 4, colours: ["white", "white"], opponents: [7, 8] }),
      entrant(3, { score: 4, colours: ["black", "black"], opponents: [7, 8] }),
      entrant(4, { score: 4, colours: ["black", "black"], opponents: [5, 6] }),
    ]);
    for (const pair of round.pairs) expect([pair.whiteId, pair.blackId].sort()).not.toEqual([1, 2]);
    for (const pair of round.pairs) expect([3, 4]).toContain(pair.whiteId);
  });

  it("reads colour preferences as FIDE does: absolute, strong, mild", () => {
    expect(colourPreference([])).toEqual({ colour: null, strength: 0 });
    expect(colourPreference(["white", "white"])).toEqual({ colour: "black", strength: 3 });
    expect(colourPreference(["white", "black", "black"])).toEqual({ colour: "white", strength: 3 });
    expect(colourPreference(["white"])).toEqual({ colour: "black", strength: 2 });
    expect(colourPreference(["white", "black"])).toEqual({ colour: "white", strength: 1 });
    // Stronger wins: 7's absolute white over 3's strong white.
    expect(coloursFor(entrant(3, { colours: ["black", "white", "black"] }), entrant(7, { colours: ["white", "black", "black"] }), 0)).toEqual({ whiteId: 7, blackId: 3 });
    // Same mild preference (black): the latest round their colours differed (the second: 3 white, 7 black) is alternated.
    expect(coloursFor(entrant(3, { colours: ["black", "white", "black", "white"] }), entrant(7, { colours: ["white", "black", "black", "white"] }), 0)).toEqual({ whiteId: 7, blackId: 3 });
    // Nothing to tell them apart: the higher ranked has their preference.
    expect(coloursFor(entrant(3, { colours: ["white"] }), entrant(7, { colours: ["white"] }), 0)).toEqual({ whiteId: 7, blackId: 3 });
  });

  for (const count of [4, 5, 6, 7, 9, 12, 15, 20, 33]) {
    it(`plays ${count} players through ${Math.min(count - 1, 7)} rounds without a repeat, a second bye or a colour broken`, () => {
      const rounds = Math.min(count - 1, 7);
      let seed = count * 7919;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const { players, byes } = simulate(count, rounds, () => {
        const r = random();
        return r < 0.45 ? 2 : r < 0.6 ? 1 : 0;
      });
      expect(new Set(byes).size).toBe(byes.length);
      expect(byes).toHaveLength(count % 2 === 1 ? rounds : 0);
      for (const [, player] of players) {
        expect(new Set(player.opponents).size).toBe(player.opponents.length);
        const balance = player.colours.reduce((sum, colour) => sum + (colour === "white" ? 1 : -1), 0);
        expect(Math.abs(balance)).toBeLessThanOrEqual(2);
        for (let index = 2; index < player.colours.length; index += 1) {
          const three = player.colours.slice(index - 2, index + 1);
          expect(new Set(three).size, `${three.join(",")} for a player`).toBeGreaterThan(1);
        }
      }
    });
  }

  it("keeps the leaders together: after a round where the top half all won, winners meet winners", () => {
    const { history } = simulate(8, 2, (white, black) => (white < black ? 2 : 0));
    // Round 1: 1–5, 6–2, 3–7, 8–4: the higher ranked (lower id) wins. Winners 1, 2, 3, 4.
    const second = history[1]?.pairs ?? [];
    const winners = new Set([1, 2, 3, 4]);
    for (const pair of second) expect(winners.has(pair.whiteId)).toBe(winners.has(pair.blackId));
  });
});

describe("Swiss tie-breaks", () => {
  // A worked example: four players, three rounds (a round robin).
  // R1: A–B 1-0, C–D ½-½; R2: A–C ½-½, B–D 1-0; R3: D–A 0-1, B–C 0-1.
  const [a, b, c, d] = [1, 2, 3, 4] as const;
  const games: SwissGameRecord[] = [
    { whiteId: a, blackId: b, whitePoints: 2, blackPoints: 0 },
    { whiteId: c, blackId: d, whitePoints: 1, blackPoints: 1 },
    { whiteId: a, blackId: c, whitePoints: 1, blackPoints: 1 },
    { whiteId: b, blackId: d, whitePoints: 2, blackPoints: 0 },
    { whiteId: d, blackId: a, whitePoints: 0, blackPoints: 2 },
    { whiteId: b, blackId: c, whitePoints: 0, blackPoints: 2 },
  ];

  it("counts scores, Buchholz and Sonneborn-Berger as worked by hand", () => {
    const ties = swissTieBreaks([a, b, c, d], games);
    // Scores: A 2½, B 1, C 2, D ½ (in half points 5, 2, 4, 1).
    expect([a, b, c, d].map((id) => ties.get(id)?.score)).toEqual([5, 2, 4, 1]);
    // Buchholz (half points): A: B1+C2+D½ = 3½ → 7; B: A+D+C = 5 → 10; C: D+A+B = 4 → 8; D: C+B+A = 5½ → 11.
    expect([a, b, c, d].map((id) => ties.get(id)?.buchholz)).toEqual([7, 10, 8, 11]);
    // Sonneborn-Berger (quarter points): A beat B (1) and D (½), drew C (2 → 1): 2½ → 10.
    // B beat D (½): ½ → 2. C drew D (½ → ¼), drew A (2½ → 1¼), beat B (1): 2½ → 10. D drew C (2 → 1): 1 → 4.
    expect([a, b, c, d].map((id) => ties.get(id)?.sonnebornBerger)).toEqual([10, 2, 10, 4]);
  });

  it("orders by score, then Buchholz, then Sonneborn-Berger, then pairing number; a bye counts for the score only", () => {
    const withBye: SwissGameRecord[] = [...games, { whiteId: 5, blackId: null, whitePoints: 2, blackPoints: 0 }];
    const ties = swissTieBreaks([a, b, c, d, 5], withBye);
    expect(ties.get(5)).toEqual({ score: 2, buchholz: 0, sonnebornBerger: 0 });
    const order = swissOrder([1, 2, 3, 4, 5].map((id) => ({ id, pairingNumber: id })), ties).map((player) => player.id);
    // A 2½, C 2, then B and player 5 on 1: B's Buchholz is higher.
    expect(order).toEqual([a, c, b, 5, d]);
  });
});
