/** Where a finished game's PGN downloads from (archive.routes.server.ts serves it). */
export const gamePgnPath = (gameId: number): string => `/callback/game/${gameId}/pgn`;
