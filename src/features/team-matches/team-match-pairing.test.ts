import { describe, expect, it } from "vitest";
import { pairBoards, pointsA2Of, type Entrant } from "./team-match-pairing.ts";

const entrant = (memberId: number, rating: number, joinedAt = memberId): Entrant => ({ memberId, rating, joinedAt });

describe("team match pairing", () => {
  it("pairs by rating, highest first, ties by sign-up time, two games a board with colours swapped", () => {
    const games = pairBoards([entrant(1, 1500), entrant(2, 1800), entrant(3, 1500, 0)], [entrant(11, 1200), entrant(12, 2000), entrant(13, 1600)], { maxBoards: 10, gamesPerBoard: 2 }) ?? [];
    expect(games.map((game) => [game.board, game.playerAId, game.playerBId, game.aWhite])).toEqual([
      [1, 2, 12, true],
      [1, 2, 12, false],
      [2, 3, 13, true],
      [2, 3, 13, false],
      [3, 1, 11, true],
      [3, 1, 11, false],
    ]);
    expect(games.every((game) => game.forfeitPointsA2 === null)).toBe(true);
  });

  it("forfeits the boards an odd side cannot fill to the side that can, and caps the boards", () => {
    const games = pairBoards([entrant(1, 1500), entrant(2, 1400), entrant(3, 1300)], [entrant(11, 1200)], { maxBoards: 2, gamesPerBoard: 2 }) ?? [];
    expect(games.map((game) => [game.board, game.playerAId, game.playerBId, game.forfeitPointsA2])).toEqual([
      [1, 1, 11, null],
      [1, 1, 11, null],
      [2, 2, null, 2],
      [2, 2, null, 2],
    ]);
    const other = pairBoards([entrant(1, 1500)], [entrant(11, 1200), entrant(12, 1100)], { maxBoards: 5, gamesPerBoard: 1 }) ?? [];
    expect(other.map((game) => [game.board, game.playerAId, game.playerBId, game.aWhite, game.forfeitPointsA2])).toEqual([
      [1, 1, 11, true, null],
      [2, null, 12, false, 0],
    ]);
  });

  it("cancels when a side has nobody", () => {
    expect(pairBoards([entrant(1, 1500)], [], { maxBoards: 5, gamesPerBoard: 2 })).toBeNull();
    expect(pairBoards([], [], { maxBoards: 5, gamesPerBoard: 2 })).toBeNull();
  });

  it("scores 1, ½ and 0 from side A's colour; a timeout is the result play wrote, an aborted game is split", () => {
    expect([pointsA2Of("1-0", true), pointsA2Of("1-0", false), pointsA2Of("0-1", false), pointsA2Of("1/2-1/2", true), pointsA2Of("*", false)]).toEqual([2, 0, 2, 1, 1]);
  });
});
