/**
 * Chess960 start positions by Scharnagl number (0–959; 518 is the standard
 * array). Isomorphic, no I/O.
 */

export const chess960PositionCount = 960;
export const standardScharnagl = 518;

/** Knight pairs on the five squares left after bishops and queen, by Scharnagl's digit 0–9. */
const knightPlacements: readonly (readonly [number, number])[] = [
  [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4],
];

export const isScharnagl = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < chess960PositionCount;

/** White's back rank, a-file first, in upper case (e.g. 518 → "RNBQKBNR"), or undefined outside 0–959. */
export const chess960BackRank = (n: number): string | undefined => {
  if (!isScharnagl(n)) return undefined;
  const rank: (string | undefined)[] = new Array<string | undefined>(8).fill(undefined);
  const lightBishop = n % 4;
  const afterLight = Math.floor(n / 4);
  const darkBishop = afterLight % 4;
  const afterDark = Math.floor(afterLight / 4);
  const queen = afterDark % 6;
  const knights = knightPlacements[Math.floor(afterDark / 6)];
  if (!knights) return undefined;
  rank[2 * lightBishop + 1] = "B";
  rank[2 * darkBishop] = "B";
  const placeOnEmpty = (index: number, piece: string): void => {
    let seen = 0;
    for (let file = 0; file < 8; file++) {
      if (rank[file] !== undefined) continue;
      if (seen === index) {
        rank[file] = piece;
        return;
      }
      seen++;
    }
  };
  placeOnEmpty(queen, "Q");
  // Place the second knight first so that the first one's index still counts the same empty squares.
  placeOnEmpty(knights[1], "N");
  placeOnEmpty(knights[0], "N");
  // The last three empty squares take rook, king, rook in that order.
  for (const piece of ["R", "K", "R"]) placeOnEmpty(0, piece);
  return rank.join("");
};

/** The start FEN of Chess960 position n, castling rights in X-FEN (KQkq). */
export const chess960StartFen = (n: number): string | undefined => {
  const backRank = chess960BackRank(n);
  if (!backRank) return undefined;
  return `${backRank.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${backRank} w KQkq - 0 1`;
};

/**
 * A uniformly random Scharnagl number. `random` returns a float in [0, 1)
 * (Math.random, or a seeded source in tests and demo data).
 */
export const randomScharnagl = (random: () => number): number =>
  Math.min(chess960PositionCount - 1, Math.floor(random() * chess960PositionCount));
