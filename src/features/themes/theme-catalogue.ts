/**
 * What a member may choose (spec 001 §3.6, theme selection: backgroundId,
 * pieceSetId, boardStyleId, soundSetId): the board styles, piece sets, sound
 * sets and backgrounds, with the defaults of a visitor, a guest and a member
 * who never chose. Isomorphic and small: ids and colours only; the pieces are
 * SVG files under public/pieces/{set}/ (scripts/draw-piece-sets.ts) and the
 * sounds under public/sounds/{set}/ (scripts/synthesise-sounds.ts).
 */

export interface BoardStyle {
  readonly id: string;
  readonly light: string;
  readonly dark: string;
  /** The last move's squares. */
  readonly highlight: string;
  /** A coordinate drawn on a light square, and on a dark one. */
  readonly coordinateOnLight: string;
  readonly coordinateOnDark: string;
}

const board = <Id extends string>(id: Id, light: string, dark: string, highlight: string) => ({ id, light, dark, highlight, coordinateOnLight: dark, coordinateOnDark: light }) satisfies BoardStyle;

/** "green" first: the default (spec 001 §3.6). */
export const boardStyles = [
  board("green", "#eeeed2", "#769656", "rgb(255 255 51 / 0.42)"),
  board("brown", "#f0d9b5", "#b58863", "rgb(155 199 0 / 0.41)"),
  board("blue", "#dee3e6", "#8ca2ad", "rgb(20 160 255 / 0.3)"),
  board("walnut", "#e8c9a0", "#8f5e34", "rgb(255 214 10 / 0.4)"),
  board("slate", "#d6d8da", "#7d848c", "rgb(90 200 250 / 0.35)"),
  board("coral", "#f4e2d8", "#d2826c", "rgb(255 240 80 / 0.45)"),
  board("purple", "#e7e1f1", "#8b78b8", "rgb(255 170 220 / 0.4)"),
  board("ice", "#eef5f8", "#a3c4d6", "rgb(60 130 255 / 0.3)"),
  board("night", "#a9b1bb", "#4a5563", "rgb(120 220 160 / 0.35)"),
] as const satisfies readonly BoardStyle[];

/** "neo" first: the default (spec 001 §3.6). */
export const pieceSetIds = ["neo", "staunton", "geometric", "pixel", "letters", "outline"] as const;

/** "default" first: the default (spec 001 §3.6). */
export const soundSetIds = ["default", "marimba", "arcade"] as const;

export interface Background {
  readonly id: string;
  /** A CSS background image laid over the site's own background colour, or null for none. */
  readonly image: string | null;
  /** The image's tile size (a pattern), or null: it covers the window. */
  readonly tile: string | null;
}

/** "plain" first: the site's own background, the default. */
export const backgrounds = [
  { id: "plain", image: null, tile: null },
  { id: "felt", image: "radial-gradient(ellipse at top, rgb(46 125 70 / 0.28), transparent 70%)", tile: null },
  { id: "dusk", image: "linear-gradient(160deg, rgb(90 70 160 / 0.3), rgb(200 90 80 / 0.12) 60%, transparent)", tile: null },
  { id: "checkers", image: "repeating-conic-gradient(rgb(127 127 127 / 0.08) 0 25%, transparent 0 50%)", tile: "64px 64px" },
  { id: "sea", image: "linear-gradient(180deg, rgb(40 120 180 / 0.25), transparent 80%)", tile: null },
] as const satisfies readonly Background[];

export const soundEvents = [
  "game-start", "move-self", "move-opponent", "capture", "castle", "move-check",
  "promote", "premove", "illegal", "tenseconds", "game-end", "notify",
] as const;

export const soundFormats = ["webm", "ogg", "mp3", "wav"] as const;

/** The twelve pieces of a set: w or b, then k q r b n p (spec 001 §3.6). */
export const pieceCodes = ["wk", "wq", "wr", "wb", "wn", "wp", "bk", "bq", "br", "bb", "bn", "bp"] as const;

export type BoardStyleId = (typeof boardStyles)[number]["id"];
export type PieceSetId = (typeof pieceSetIds)[number];
export type SoundSetId = (typeof soundSetIds)[number];
export type BackgroundId = (typeof backgrounds)[number]["id"];
export type SoundEvent = (typeof soundEvents)[number];
export type SoundFormat = (typeof soundFormats)[number];
export type PieceCode = (typeof pieceCodes)[number];

export const boardStyleIds = boardStyles.map((style) => style.id);
export const backgroundIds = backgrounds.map((background) => background.id);

/** A member's choice (spec 001 §3.6, theme selection). */
export interface ThemeSelection {
  readonly boardStyleId: BoardStyleId;
  readonly pieceSetId: PieceSetId;
  readonly soundSetId: SoundSetId;
  readonly backgroundId: BackgroundId;
}

export const defaultThemeSelection: ThemeSelection = { boardStyleId: "green", pieceSetId: "neo", soundSetId: "default", backgroundId: "plain" };

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && list.some((entry) => entry === value);

export const isBoardStyleId = (value: unknown): value is BoardStyleId => isOneOf(boardStyleIds, value);
export const isPieceSetId = (value: unknown): value is PieceSetId => isOneOf(pieceSetIds, value);
export const isSoundSetId = (value: unknown): value is SoundSetId => isOneOf(soundSetIds, value);
export const isBackgroundId = (value: unknown): value is BackgroundId => isOneOf(backgroundIds, value);

/** A stored selection read back: an id no longer offered falls back to the default of its kind. */
export function selectionOf(stored: Partial<Record<keyof ThemeSelection, unknown>>): ThemeSelection {
  return {
    boardStyleId: isBoardStyleId(stored.boardStyleId) ? stored.boardStyleId : defaultThemeSelection.boardStyleId,
    pieceSetId: isPieceSetId(stored.pieceSetId) ? stored.pieceSetId : defaultThemeSelection.pieceSetId,
    soundSetId: isSoundSetId(stored.soundSetId) ? stored.soundSetId : defaultThemeSelection.soundSetId,
    backgroundId: isBackgroundId(stored.backgroundId) ? stored.backgroundId : defaultThemeSelection.backgroundId,
  };
}

export function boardStyleOf(id: BoardStyleId): (typeof boardStyles)[number] {
  return boardStyles.find((style) => style.id === id) ?? boardStyles[0];
}

export function backgroundOf(id: BackgroundId): (typeof backgrounds)[number] {
  return backgrounds.find((background) => background.id === id) ?? backgrounds[0];
}

/** Where the files are: one URL per piece, one per sound and format. */
export const pieceImageUrl = (set: PieceSetId, code: PieceCode) => `/pieces/${set}/${code}.svg`;
export const soundUrl = (set: SoundSetId, event: SoundEvent, format: SoundFormat) => `/sounds/${set}/${event}.${format}`;

/** chessground's names for a piece code's colour and role (its `piece.white.king` selectors). */
export const pieceClassNames: Readonly<Record<PieceCode, readonly [color: "white" | "black", role: string]>> = {
  wk: ["white", "king"], wq: ["white", "queen"], wr: ["white", "rook"], wb: ["white", "bishop"], wn: ["white", "knight"], wp: ["white", "pawn"],
  bk: ["black", "king"], bq: ["black", "queen"], br: ["black", "rook"], bb: ["black", "bishop"], bn: ["black", "knight"], bp: ["black", "pawn"],
};
