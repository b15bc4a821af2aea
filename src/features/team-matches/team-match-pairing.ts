/**
 * Pairing a team match at its start (decision 0072), pure. The rules, as
 * written for members:
 *
 * - Each side's players are ordered by rating, highest first (ties: who signed
 *   up first, then the lower member id); board n pairs each side's n-th player.
 * - There are as many boards as the larger side has players, up to the
 *   match's board limit (players past the limit do not play).
 * - A board where one side has no player is forfeited to the other: the
 *   present player wins each of the board's games (1 point a game).
 * - With two games a board, side A has white in the first and black in the
 *   second; with one, side A has white on odd boards and black on even ones.
 * - When either side has no player at all, there is no match: it is cancelled.
 */

export interface Entrant {
  readonly memberId: number;
  readonly rating: number;
  readonly joinedAt: number;
}

export interface PlannedGame {
  readonly board: number;
  readonly playerAId: number | null;
  readonly playerBId: number | null;
  readonly ratingA: number | null;
  readonly ratingB: number | null;
  readonly aWhite: boolean;
  /** Side A's half points when the game is forfeited (2: a win, 0: a loss); null when it is played. */
  readonly forfeitPointsA2: number | null;
}

export function byRatingOrder(entrants: readonly Entrant[]): Entrant[] {
  return [...entrants].sort((a, b) => b.rating - a.rating || a.joinedAt - b.joinedAt || a.memberId - b.memberId);
}

/** The games of a match's boards, or null when a side has nobody (the match is cancelled). */
export function pairBoards(sideA: readonly Entrant[], sideB: readonly Entrant[], options: { readonly maxBoards: number; readonly gamesPerBoard: 1 | 2 }): PlannedGame[] | null {
  if (sideA.length === 0 || sideB.length === 0) return null;
  const a = byRatingOrder(sideA);
  const b = byRatingOrder(sideB);
  const boards = Math.min(options.maxBoards, Math.max(a.length, b.length));
  const games: PlannedGame[] = [];
  for (let board = 1; board <= boards; board++) {
    const playerA = a[board - 1] ?? null;
    const playerB = b[board - 1] ?? null;
    const forfeitPointsA2 = playerA && playerB ? null : playerA ? 2 : 0;
    for (let game = 0; game < options.gamesPerBoard; game++) {
      const aWhite = options.gamesPerBoard === 2 ? game === 0 : board % 2 === 1;
      games.push({ board, playerAId: playerA?.memberId ?? null, playerBId: playerB?.memberId ?? null, ratingA: playerA?.rating ?? null, ratingB: playerB?.rating ?? null, aWhite, forfeitPointsA2 });
    }
  }
  return games;
}

/** Side A's half points from a game's result ("*", an aborted game, is split: nobody could be shown to have lost it). */
export function pointsA2Of(result: "1-0" | "0-1" | "1/2-1/2" | "*", aWhite: boolean): number {
  if (result === "1/2-1/2" || result === "*") return 1;
  const whiteWon = result === "1-0";
  return whiteWon === aWhite ? 2 : 0;
}
