import type { PieceCode } from "./theme-catalogue.ts";

/**
 * The custom properties a theme's stylesheet sets on :root (decision 0065):
 * the boards read the colours from them, the sound player the sound set, and
 * readThemeAssets() all of them after a change. The boards' own styles fall
 * back to the default green when no theme stylesheet is linked.
 */
export const themeVariables = {
  lightSquare: "--ks-board-light",
  darkSquare: "--ks-board-dark",
  highlight: "--ks-board-highlight",
  coordinateOnLight: "--ks-board-coord-on-light",
  coordinateOnDark: "--ks-board-coord-on-dark",
  boardImage: "--ks-board-image",
  /** A quoted id: "default", "marimba"... */
  soundSet: "--ks-sound-set",
  piece: (code: PieceCode) => `--ks-piece-${code}`,
} as const;
