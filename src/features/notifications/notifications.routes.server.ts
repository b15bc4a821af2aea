import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { formSucceeded } from "../../platform/http/form-response.server.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import { requireMember } from "../accounts/viewer.server.ts";
import { notificationIdParamSchema, notificationListQuerySchema } from "./notifications.schema.ts";
import type { NotificationsService } from "./notifications.service.server.ts";

const formBodySchema = z.object({ redirectUrl: z.string().max(2000).optional() }).loose();

/** Back to where the form was (the notifications page by default); JSON for the HTTP client. */
function answer(request: FastifyRequest, reply: FastifyReply, unread: number) {
  const body = formBodySchema.safeParse(request.body ?? {});
  const back = (body.success ? safeRedirectPath(body.data.redirectUrl) : null) ?? generateLink("web_notifications");
  return formSucceeded(request, reply, back, { unread });
}

/** The bell's and the page's calls; every one is about the signed-in member's own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationsService): void {
  app.get("/callback/notifications", async (request) => {
    const { user } = requireMember(request);
    const query = notificationListQuerySchema.parse(request.query);
    return notifications.list(user.id, query);
  });

  app.get("/callback/notifications/unread", async (request) => {
    const { user } = requireMember(request);
    return { unread: await notifications.unreadCount(user.id) };
  });

  app.post("/callback/notifications/read-all", async (request, reply) => {
    const { user } = requireMember(request);
    const { unread } = await notifications.markAllRead(user.id);
    return answer(request, reply, unread);
  });

  app.post("/callback/notifications/:id/read", async (request, reply) => {
    const { user } = requireMember(request);
    const params = notificationIdParamSchema.safeParse(request.params);
    if (!params.success) throw new AppError("not_found");
    const result = await notifications.markRead(user.id, params.data.id);
    if (!result.ok) throw new AppError("not_found");
    return answer(request, reply, result.value.unread);
  });
}
