/**
 * The notifications DTOs, for the server's presenters and the browser alike.
 * Isomorphic and small: the bell imports these on every page.
 */
import { z } from "zod";

/** The bell shows at most this many; above it reads "99+". The count stops there, so it stays one short index range. */
export const UNREAD_COUNT_CAP = 100;
/** One page of the notifications page; the bell's panel shows the first few. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const BELL_PANEL_SIZE = 6;

export const notificationItemSchema = z.object({
  id: z.number(),
  type: z.string(),
  payload: z.unknown(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationItemSchema),
  unread: z.number(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationIdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
