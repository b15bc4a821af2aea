import { describe, expect, it } from "vitest";
import { ratingChange, updateRating } from "./glicko2.ts";
import { checkRatedGame, replayRatedGames, settledRecords, type RatedGame, type RatingRecord } from "./rating-records.ts";

const duel = (gameId: number, white: number, black: number, whiteScore: 0 | 0.5 | 1): RatedGame => ({
  gameId,
  ratingType: "blitz",
  sides: [
    { memberIds: [white], score: whiteScore },
    { memberIds: [black], score: whiteScore === 1 ? 0 : whiteScore === 0 ? 1 : 0.5 },
  ],
});

describe("rating records", () => {
  it("counts wins, losses, draws and the best rating with the game that reached it", () => {
    const [first, second] = settledRecords(new Map(), duel(7, 1, 2, 1));
    expect(first?.after).toMatchObject({ games: 1, wins: 1, losses: 0, draws: 0, best: 1742, bestGameId: 7 });
    expect(second?.after).toMatchObject({ games: 1, wins: 0, losses: 1, best: 1258, bestGameId: 7 });
    const before = new Map<number, RatingRecord>([[1, { ...(first?.after ?? fail()), best: 1800, bestGameId: 3 }]]);
    const [again] = settledRecords(before, duel(8, 1, 2, 0.5));
    // A draw against a newcomer leaves the best where it was.
    expect(again?.after).toMatchObject({ games: 2, draws: 1, best: 1800, bestGameId: 3 });
  });

  it("a one-member side is rated against exactly its opponent: a team of one changes nothing", () => {
    const records = new Map<number, RatingRecord>([
      [1, { rating: 1650, deviation: 90, volatility: 0.06, games: 40, wins: 20, losses: 15, draws: 5, best: 1700, bestGameId: 1 }],
      [2, { rating: 1450, deviation: 120, volatility: 0.07, games: 12, wins: 5, losses: 6, draws: 1, best: 1500, bestGameId: 2 }],
    ]);
    const settled = settledRecords(records, duel(9, 1, 2, 0));
    const [first, second] = [records.get(1) ?? fail(), records.get(2) ?? fail()];
    const expectedFirst = updateRating(first, [{ opponent: second, score: 0 }]);
    const expectedSecond = updateRating(second, [{ opponent: first, score: 1 }]);
    expect(settled.map((change) => [change.memberId, change.before, change.diff])).toEqual([
      [1, 1650, ratingChange(first, expectedFirst)],
      [2, 1450, ratingChange(second, expectedSecond)],
    ]);
    expect(settled[0]?.after).toMatchObject(expectedFirst);
    expect(settled[1]?.after).toMatchObject(expectedSecond);
  });

  it("replays games in the order given, each on the records the games before it left", () => {
    const replayed = replayRatedGames([
      { ...duel(1, 10, 11, 1), at: new Date(1) },
      { ...duel(2, 10, 12, 0), at: new Date(2) },
      { ...duel(3, 11, 12, 0.5), at: new Date(3) },
    ]);
    const first = settledRecords(new Map(), duel(1, 10, 11, 1));
    const afterFirst = new Map(first.map((change) => [change.memberId, change.after]));
    const second = settledRecords(afterFirst, duel(2, 10, 12, 0));
    expect(replayed.changes.get(1)).toEqual(first);
    expect(replayed.changes.get(2)).toEqual(second);
    expect(replayed.history.map((point) => [point.gameId, point.memberId])).toEqual([
      [1, 10],
      [1, 11],
      [2, 10],
      [2, 12],
      [3, 11],
      [3, 12],
    ]);
    expect(replayed.latest.find((record) => record.memberId === 10)).toMatchObject({ ratingType: "blitz", games: 2, wins: 1, losses: 1 });
  });

  it("refuses what is not a rateable game", () => {
    expect(checkRatedGame(duel(1, 1, 2, 1)).ok).toBe(true);
    expect(checkRatedGame({ gameId: 1, ratingType: "livebug", sides: [{ memberIds: [1, 2], score: 0.5 }, { memberIds: [3, 4], score: 0.5 }] }).ok).toBe(true);
    expect(checkRatedGame({ gameId: 1, ratingType: "livebug", sides: [{ memberIds: [1, 2], score: 1 }, { memberIds: [3, 1], score: 0 }] }).ok).toBe(false);
    expect(checkRatedGame({ gameId: 1, ratingType: "blitz", sides: [{ memberIds: [1], score: 1 }, { memberIds: [2], score: 0 }, { memberIds: [3], score: 0 }] }).ok).toBe(false);
    expect(checkRatedGame({ gameId: 1, ratingType: "blitz", sides: [{ memberIds: [1], score: 0.5 }, { memberIds: [2], score: 0 }] }).ok).toBe(false);
    expect(checkRatedGame({ gameId: 1, ratingType: "blitz", sides: [{ memberIds: [], score: 1 }, { memberIds: [2], score: 0 }] }).ok).toBe(false);
    expect(() => replayRatedGames([{ ...duel(1, 5, 5, 1), at: new Date(0) }])).toThrow("game 1 cannot be rated");
  });
});

function fail(): never {
  throw new Error("no record");
}
