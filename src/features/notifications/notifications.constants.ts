/**
 * The notifications feature's limits, for the server and the bell alike.
 * Zod-free: the bell is on every page, and the browser bundle carries no
 * validation library (decision 0028).
 */

/** The bell shows at most this many; above it reads "99+". The count stops there, so it stays one short index range. */
export const UNREAD_COUNT_CAP = 100;
/** One page of the notifications page; the bell's panel shows the first few. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const BELL_PANEL_SIZE = 6;
