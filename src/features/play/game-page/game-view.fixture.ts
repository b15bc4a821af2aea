import type { GameView } from "../play.schema.ts";

export const startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** A blitz game between alice (white) and bob before the first move, for the page's tests. */
export const sampleGameView: GameView = {
  id: 7,
  rules: "standard",
  control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 },
  rated: true,
  white: { username: "alice", flairCode: null, rating: 1500, ratingDiff: null },
  black: { username: "bob", flairCode: null, rating: 1620, ratingDiff: null },
  initialFen: startFen,
  fen: startFen,
  moves: [],
  ply: 0,
  version: 1,
  status: "playing",
  ending: null,
  clocks: { white: 180_000, black: 180_000, running: null },
  drawOfferBy: null,
  rematchOfferBy: null,
  rematchGameId: null,
  takebackOfferBy: null,
  arranged: false,
  createdAt: "2026-11-25T14:00:00.000Z",
  deadlineAt: null,
  awayMs: { white: null, black: null },
};
