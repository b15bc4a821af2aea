/**
 * The analysis board's address for a game: the one place the result panel's
 * "Analyse" link reads. The variants issue builds the board; until then this
 * is null and the link is not shown (a page claims only what exists, 0043).
 */
export const analysisBoardHref: ((gameId: number) => string) | null = null;
