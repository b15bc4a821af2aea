import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { generateLink, safeRedirectPath } from "../../../platform/links/links.ts";
import type { ActiveSession } from "../sessions.service.server.ts";
import { preferencesPolicy } from "./preferences.policy.server.ts";
import { preferencePaths } from "./preferences-paths.ts";
import { archiveViewBodySchema, fairPlayAgreeParamsSchema, homeContentTypeBodySchema, preferencesReturnSchema } from "./preferences.schema.ts";
import type { PreferencesService } from "./preferences.service.server.ts";

/** Where a no-JavaScript form goes back to: its same-site redirectUrl, else the member's own profile. */
function backTo(request: FastifyRequest, session: ActiveSession): string {
  const parsed = preferencesReturnSchema.safeParse(request.body ?? {});
  const requested = parsed.success ? safeRedirectPath(parsed.data.redirectUrl) : null;
  return requested ?? generateLink("web_member_profile", { username: session.user.username.toLowerCase() });
}

function refuse(request: FastifyRequest, reply: FastifyReply, session: ActiveSession, messageKey: string) {
  return formFailed(request, reply, { code: "validation_failed", message: translate(request, messageKey) }, backTo(request, session));
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : null;
}

/**
 * POST /callback/user/archive-view, /callback/user/home-recent-content-type and
 * /callback/user/set-fair-play-agree/{1|0}. JSON from the HTTP client, or a
 * plain form post (303 back to the page). Order: policy (401/403) -> zod
 * (422, nothing changes) -> service -> presenter.
 */
export function registerPreferencesRoutes(app: FastifyInstance, deps: { preferences: PreferencesService }): void {
  app.post(preferencePaths.archiveView, async (request, reply) => {
    const session = preferencesPolicy.setArchiveView(request);
    const body = parse(archiveViewBodySchema, request.body);
    if (!body) return refuse(request, reply, session, "preferences.error.archive_view");
    const archiveView = await deps.preferences.setArchiveView(session.user.id, body.archiveView);
    return formSucceeded(request, reply, backTo(request, session), { archiveView });
  });

  app.post(preferencePaths.homeContentType, async (request, reply) => {
    const session = preferencesPolicy.setHomeContentType(request);
    const body = parse(homeContentTypeBodySchema, request.body);
    if (!body) return refuse(request, reply, session, "preferences.error.home_content_type");
    const homeContentType = await deps.preferences.setHomeContentType(session.user.id, body.recentContentType);
    return formSucceeded(request, reply, backTo(request, session), { homeContentType });
  });

  app.post<{ Params: { value: string } }>("/callback/user/set-fair-play-agree/:value", async (request, reply) => {
    const session = preferencesPolicy.setFairPlayAgree(request);
    const params = parse(fairPlayAgreeParamsSchema, request.params);
    if (!params) return refuse(request, reply, session, "preferences.error.fair_play_agree");
    const fairPlayAgree = await deps.preferences.setFairPlayAgree(session.user.id, params.value === "1");
    return formSucceeded(request, reply, backTo(request, session), { fairPlayAgree });
  });
}
