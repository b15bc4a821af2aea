/**
 * The board options the game page and every board obey (spec 001 §3.6): the
 * viewer's, read once on the server with the page (the page loaders hand them
 * over from the current user: a member's saved options, the defaults for
 * guests and visitors), so the first render is right and no request follows.
 * The accounts feature keeps them (its settings service, users/me). Only
 * types come from there: the game page's JavaScript is at its budget.
 */
import type { BoardOptions } from "../../accounts/board-options/board-options.ts";

export type { BoardOptions } from "../../accounts/board-options/board-options.ts";

/** Which colour is at the bottom of the board for a viewer. */
export function boardOrientation(options: Pick<BoardOptions, "isWhiteOnBottom">, role: "white" | "black" | "spectator"): "white" | "black" {
  if (options.isWhiteOnBottom || role === "spectator") return "white";
  return role;
}
