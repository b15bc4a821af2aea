/**
 * A member's board options (spec 001 §3.6) and how they travel through the
 * settings service's `users/me` (§5, §7.4). Zod-free and free of server
 * code: the settings page, the game page and every board read it in the
 * browser too (docs/decisions/0064-board-options-and-the-light-theme.md).
 *
 * Two shapes: `BoardOptions` is what boards obey (the spec's option names,
 * "read" values); `StoredBoardSettings` is the settings service's map by its
 * keys, in the values it saves ("medium", "drag_only").
 */

export const animationTypes = ["none", "slow", "default", "fast"] as const;
export type AnimationType = (typeof animationTypes)[number];
/** The spec's order: a numeric coordinates value is an index into it. */
export const coordinatePlacements = ["off", "inside", "outside"] as const;
export type CoordinatePlacement = (typeof coordinatePlacements)[number];
export const moveListDisplayTypes = ["text", "figurine"] as const;
export type MoveListDisplayType = (typeof moveListDisplayTypes)[number];
export const moveListClassificationStyles = ["default", "none"] as const;
export type MoveListClassificationStyle = (typeof moveListClassificationStyles)[number];
export const moveMethods = ["drag", "drag-only", "click"] as const;
export type MoveMethod = (typeof moveMethods)[number];
/** The site theme: chosen dark, chosen light, or the system's (null: never chosen). */
export type DarkMode = boolean | null;

export interface BoardOptions {
  readonly animationType: AnimationType;
  readonly coordinates: CoordinatePlacement;
  /** null: follow the system's light or dark setting (visitors, and members who never chose). */
  readonly darkMode: DarkMode;
  readonly highlightLegalMoves: boolean;
  /** The last move's squares. */
  readonly highlightMoves: boolean;
  /** false: the viewer's own colour is at the bottom; true: white always is. */
  readonly isWhiteOnBottom: boolean;
  readonly moveListDisplayType: MoveListDisplayType;
  readonly moveListClassificationStyle: MoveListClassificationStyle;
  /** "drag": drag or click; "drag-only": drag; "click": click the piece, then its square. */
  readonly moveMethod: MoveMethod;
  readonly playSounds: boolean;
  readonly showTimestamps: boolean;
}

export const defaultBoardOptions: BoardOptions = {
  animationType: "default",
  coordinates: "inside",
  darkMode: null,
  highlightLegalMoves: true,
  highlightMoves: true,
  isWhiteOnBottom: false,
  moveListDisplayType: "text",
  moveListClassificationStyle: "default",
  moveMethod: "drag",
  playSounds: true,
  showTimestamps: false,
};

/** The settings service's path (the spec does not show it: issue 22 names this one). */
export const usersMePath = "/callback/settings/users/me";

/** The settings service's keys (spec 001 §7.4), plus ours for the site theme, which the spec keeps beside them. */
export const settingsKeys = [
  "board.animation_type",
  "board.coordinates",
  "board.show_legal_moves",
  "board.highlight_moves",
  "board.white_always_on_bottom",
  "board.move_list_style",
  "board.move_classification_style",
  "board.move_method",
  "board.play_sounds",
  "gameplay.show_timestamps",
  "site.dark_mode",
] as const;
export type SettingsKey = (typeof settingsKeys)[number];

export const savedMoveMethods = ["drag", "drag_only", "click"] as const;

/** The map `users/me` answers and takes: each key with its saved value. */
export interface StoredBoardSettings {
  readonly "board.animation_type": string;
  readonly "board.coordinates": CoordinatePlacement;
  readonly "board.show_legal_moves": boolean;
  readonly "board.highlight_moves": boolean;
  readonly "board.white_always_on_bottom": boolean;
  readonly "board.move_list_style": MoveListDisplayType;
  readonly "board.move_classification_style": MoveListClassificationStyle;
  readonly "board.move_method": string;
  readonly "board.play_sounds": boolean;
  readonly "gameplay.show_timestamps": boolean;
  readonly "site.dark_mode": DarkMode;
}

/** Spec 001 §5: a saved "medium" or "battle" reads as "default"; anything unknown too. */
export function readAnimationType(saved: string): AnimationType {
  if (saved === "none" || saved === "slow" || saved === "fast") return saved;
  return "default";
}

/** Spec 001 §5: "default" or empty is saved as "medium". */
export function saveAnimationType(value: string): string {
  return value === "default" || value === "" ? "medium" : value;
}

/** Spec 001 §5: drag, drag_only, click read as drag, drag-only, click; anything else reads as drag. */
export function readMoveMethod(saved: string): MoveMethod {
  if (saved === "drag_only") return "drag-only";
  if (saved === "click") return "click";
  return "drag";
}

export function saveMoveMethod(method: MoveMethod): string {
  return method === "drag-only" ? "drag_only" : method;
}

/** Spec 001 §5: off, inside, outside, or a numeric index onto that order; null when neither. */
export function readCoordinates(value: unknown): CoordinatePlacement | null {
  if (typeof value === "number") return Number.isInteger(value) ? (coordinatePlacements[value] ?? null) : null;
  return coordinatePlacements.find((placement) => placement === value) ?? null;
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** The options boards obey, read from the saved map (unknown saved values read as the defaults). */
export function boardOptionsOf(stored: StoredBoardSettings): BoardOptions {
  return {
    animationType: readAnimationType(stored["board.animation_type"]),
    coordinates: readCoordinates(stored["board.coordinates"]) ?? defaultBoardOptions.coordinates,
    darkMode: stored["site.dark_mode"],
    highlightLegalMoves: stored["board.show_legal_moves"],
    highlightMoves: stored["board.highlight_moves"],
    isWhiteOnBottom: stored["board.white_always_on_bottom"],
    moveListDisplayType: oneOf(moveListDisplayTypes, stored["board.move_list_style"], defaultBoardOptions.moveListDisplayType),
    moveListClassificationStyle: oneOf(moveListClassificationStyles, stored["board.move_classification_style"], defaultBoardOptions.moveListClassificationStyle),
    moveMethod: readMoveMethod(stored["board.move_method"]),
    playSounds: stored["board.play_sounds"],
    showTimestamps: stored["gameplay.show_timestamps"],
  };
}

/** The saved map of a set of options (what a member who never chose has, from the defaults). */
export function storedSettingsOf(options: BoardOptions): StoredBoardSettings {
  return {
    "board.animation_type": saveAnimationType(options.animationType),
    "board.coordinates": options.coordinates,
    "board.show_legal_moves": options.highlightLegalMoves,
    "board.highlight_moves": options.highlightMoves,
    "board.white_always_on_bottom": options.isWhiteOnBottom,
    "board.move_list_style": options.moveListDisplayType,
    "board.move_classification_style": options.moveListClassificationStyle,
    "board.move_method": saveMoveMethod(options.moveMethod),
    "board.play_sounds": options.playSounds,
    "gameplay.show_timestamps": options.showTimestamps,
    "site.dark_mode": options.darkMode,
  };
}
