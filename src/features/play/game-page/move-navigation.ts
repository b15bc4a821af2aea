/**
 * Which position of the game the viewer looks at. `null` follows the game:
 * each new move shows at once. A ply (0 = the start position) stays put
 * while moves arrive, until the viewer returns to the end.
 */
export type ViewedPly = number | null;

export type NavigationAction = "first" | "previous" | "next" | "last" | { readonly ply: number };

/** The ply on the board for this state when the game has `moveCount` moves. */
export function shownPly(viewed: ViewedPly, moveCount: number): number {
  return viewed === null ? moveCount : Math.min(Math.max(viewed, 0), moveCount);
}

export function navigate(viewed: ViewedPly, action: NavigationAction, moveCount: number): ViewedPly {
  const current = shownPly(viewed, moveCount);
  let target: number;
  if (action === "first") target = 0;
  else if (action === "previous") target = current - 1;
  else if (action === "next") target = current + 1;
  else if (action === "last") target = moveCount;
  else target = action.ply;
  const clamped = Math.min(Math.max(target, 0), moveCount);
  // Reaching the end means following the game again.
  return clamped >= moveCount ? null : clamped;
}

/** The keys of the move list: the action for a key, or null. */
export function navigationKey(key: string): NavigationAction | null {
  switch (key) {
    case "ArrowLeft":
      return "previous";
    case "ArrowRight":
      return "next";
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return null;
  }
}
