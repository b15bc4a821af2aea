/**
 * "Confirm moves" (issue 21 item 7, decision 0063): whether a player's daily
 * moves wait for a Confirm before they are sent. Kept per member in this
 * browser's storage until the board options service (/callback/settings/users/me)
 * exists; then it becomes a `confirmMoves` board option read through
 * board-options.ts, and these two functions its reader and writer.
 */
const keyOf = (memberId: number): string => `ks.play.confirmMoves.${memberId}`;

export function readConfirmMoves(memberId: number): boolean {
  try {
    return window.localStorage.getItem(keyOf(memberId)) === "1";
  } catch {
    // Storage refused (private mode, a sandboxed frame): moves are sent at once, as by default.
    return false;
  }
}

export function storeConfirmMoves(memberId: number, confirm: boolean): void {
  try {
    if (confirm) window.localStorage.setItem(keyOf(memberId), "1");
    else window.localStorage.removeItem(keyOf(memberId));
  } catch {
    // Not stored: the choice holds for this page only.
  }
}
