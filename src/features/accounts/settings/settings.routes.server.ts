import type { FastifyInstance, FastifyRequest } from "fastify";
import { formSucceeded, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { SESSION_COOKIE } from "../sessions.service.server.ts";
import { anonymousCsrfToken, setCsrfCookie, type CookiePolicy } from "../viewer.server.ts";
import { backToSettings, keyedFailure, memberSession, refuseNonMember } from "./member-form.server.ts";
import { pageLinkFor } from "./page-links.server.ts";
import { closeAccountBodySchema, revokeSessionBodySchema, type SettingsFailure } from "./settings.schema.ts";
import type { AccountSettingsService } from "./settings.service.server.ts";

const FAILURE_STATUS: Readonly<Record<SettingsFailure, number>> = {
  session_not_found: 404,
  current_session: 409,
  password_required: 422,
  confirmation_required: 422,
  wrong_password: 422,
  too_many_attempts: 429,
  account_already_closed: 409,
};

function settingsFailure(request: FastifyRequest, code: SettingsFailure): FormFailure {
  return keyedFailure(request, FAILURE_STATUS[code], code, `account_settings.error.${code}`);
}

export interface AccountSettingsRouteDeps {
  readonly settings: AccountSettingsService;
  readonly csrfSecret: Buffer;
  readonly cookies: CookiePolicy;
}

/** POST /settings/sessions/revoke, /settings/sessions/revoke-others and /settings/close-account. */
export function registerAccountSettingsRoutes(app: FastifyInstance, deps: AccountSettingsRouteDeps): void {
  app.post("/settings/sessions/revoke", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = revokeSessionBodySchema.safeParse(request.body);
    if (!parsed.success) return backToSettings(request, reply, settingsFailure(request, "session_not_found"));
    const result = await deps.settings.revokeSession(session.user.id, session.tokenHash, parsed.data.session);
    if (!result.ok) return backToSettings(request, reply, settingsFailure(request, result.error));
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "session_revoked" }));
  });

  app.post("/settings/sessions/revoke-others", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    await deps.settings.revokeOtherSessions(session.user.id, session.tokenHash);
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "other_sessions_revoked" }));
  });

  app.post("/settings/close-account", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = closeAccountBodySchema.safeParse(request.body);
    if (!parsed.success) return backToSettings(request, reply, settingsFailure(request, "confirmation_required"));
    const result = await deps.settings.closeAccount(session.user.id, { password: parsed.data.password, confirmed: parsed.data.confirm !== undefined }, request.ip);
    if (!result.ok) return backToSettings(request, reply, settingsFailure(request, result.error));
    // Signed out everywhere, this browser included.
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    setCsrfCookie(request, reply, deps.cookies, anonymousCsrfToken(request, deps.csrfSecret));
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "account_closed" }));
  });
}
