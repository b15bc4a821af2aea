/**
 * The notifications DTOs and the routes' input schemas. The server and tests
 * import the schemas; the browser imports only the types (`import type`), so
 * zod stays out of its bundle (decision 0028).
 */
import { z } from "zod";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications.constants.ts";

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
/** The answer of the unread count and of marking read. */
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationIdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
