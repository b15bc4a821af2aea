/**
 * The board options of spec 001 §3.6 that the game page honours, at their
 * defaults. Read from this one module so that a later issue can let members
 * change them (their stored preferences replace `defaultBoardOptions`).
 */
export interface BoardOptions {
  /** "default" animates moves; "none" jumps. */
  readonly animationType: "default" | "none";
  readonly boardStyle: "green";
  /** "inside": rank and file letters drawn on the edge squares. */
  readonly coordinates: "inside" | "none";
  readonly highlightLegalMoves: boolean;
  /** Highlights the last move's squares. */
  readonly highlightMoves: boolean;
  /** false: the viewer's own colour is at the bottom; true: white always is. */
  readonly isWhiteOnBottom: boolean;
  /** "drag": pieces are dragged (a click on the piece then on its square works too); "click": click only. */
  readonly moveMethod: "drag" | "click";
  readonly playSounds: boolean;
  readonly soundTheme: "default";
}

export const defaultBoardOptions: BoardOptions = {
  animationType: "default",
  boardStyle: "green",
  coordinates: "inside",
  highlightLegalMoves: true,
  highlightMoves: true,
  isWhiteOnBottom: false,
  moveMethod: "drag",
  playSounds: true,
  soundTheme: "default",
};

/** The options in force for this viewer (the defaults until members can change them). */
export function boardOptions(): BoardOptions {
  return defaultBoardOptions;
}

/** Which colour is at the bottom of the board for a viewer. */
export function boardOrientation(options: BoardOptions, role: "white" | "black" | "spectator"): "white" | "black" {
  if (options.isWhiteOnBottom || role === "spectator") return "white";
  return role;
}
