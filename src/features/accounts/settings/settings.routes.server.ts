import type { FastifyInstance, FastifyRequest } from "fastify";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { clearSessionCookie } from "../session-cookie.server.ts";
import { anonymousCsrfToken, setCsrfCookie, type CookiePolicy } from "../viewer.server.ts";
import { backToSettings, keyedFailure, memberSession, refuseNonMember } from "./member-form.server.ts";
import { pageLinkFor } from "./page-links.server.ts";
import { changeEmailBodySchema, changePasswordBodySchema, closeAccountBodySchema, confirmEmailBodySchema, revokeSessionBodySchema, type CredentialsFailure, type SettingsFailure } from "./settings.schema.ts";
import type { AccountSettingsService } from "./settings.service.server.ts";
import type { CredentialsService } from "./credentials.service.server.ts";
import { TOKEN_PATTERN } from "../email-links/account-tokens.server.ts";
import { isRegistrationFieldError } from "../registration/registration-rules.ts";
import "../registration/registration-failures.server.ts";

declareFailures<SettingsFailure>({
  session_not_found: "not_found",
  current_session: "conflict",
  password_required: "invalid",
  confirmation_required: "invalid",
  wrong_password: "invalid",
  too_many_attempts: "too_many",
  account_already_closed: "conflict",
  email_invalid: "invalid",
  email_unchanged: "invalid",
  email_taken: "conflict",
  too_many_links: "too_many",
  invalid_link: "gone",
});

function settingsFailure(request: FastifyRequest, code: SettingsFailure): FormFailure {
  return keyedFailure(request, code, `account_settings.error.${code}`);
}

/** A refused password or email change: a new password's problem has the registration form's message. */
function credentialsFailure(request: FastifyRequest, code: CredentialsFailure): FormFailure {
  if (isRegistrationFieldError(code)) return keyedFailure(request, code, `registration.error.${code}`);
  return settingsFailure(request, code);
}

export interface AccountSettingsRouteDeps {
  readonly settings: AccountSettingsService;
  readonly credentials: CredentialsService;
  readonly csrfSecret: Buffer;
  readonly cookies: CookiePolicy;
}

/**
 * POST /settings/sessions/revoke, /settings/sessions/revoke-others,
 * /settings/close-account, /settings/password, /settings/email and
 * /settings/email/confirm (the last one from the link mailed to the new
 * address: it needs no session, the link is the proof).
 */
export function registerAccountSettingsRoutes(app: FastifyInstance, deps: AccountSettingsRouteDeps): void {
  app.post("/settings/password", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = changePasswordBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return backToSettings(request, reply, settingsFailure(request, "password_required"), "password");
    const result = await deps.credentials.changePassword(session.user.id, session.tokenHash, { current: parsed.data.current_password, password: parsed.data.password ?? "" }, request.ip);
    if (!result.ok) return backToSettings(request, reply, credentialsFailure(request, result.error), "password");
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "password_changed" }, { anchor: "password" }));
  });

  app.post("/settings/email", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = changeEmailBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return backToSettings(request, reply, settingsFailure(request, "email_invalid"), "email");
    const result = await deps.credentials.requestEmailChange(session.user.id, { password: parsed.data.password, email: parsed.data.email }, request.ip, request.siteOrigin);
    if (!result.ok) return backToSettings(request, reply, credentialsFailure(request, result.error), "email");
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "email_link_sent" }, { anchor: "email" }));
  });

  app.post("/settings/email/confirm", async (request, reply) => {
    const parsed = confirmEmailBodySchema.safeParse(request.body ?? {});
    const token = parsed.success && TOKEN_PATTERN.test(parsed.data.token) ? parsed.data.token : null;
    const result = token ? await deps.credentials.confirmEmailChange(token, request.siteOrigin) : null;
    if (!result?.ok) {
      const failure = credentialsFailure(request, result?.error ?? "invalid_link");
      return formFailed(request, reply, failure, token ? pageLinkFor(request, "web_user_settings_confirm_email", { token }) : pageLinkFor(request, "web_user_settings"));
    }
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "email_changed" }, { anchor: "email" }), { email: result.value.newEmail });
  });

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
    clearSessionCookie(reply, deps.cookies);
    setCsrfCookie(request, reply, deps.cookies, anonymousCsrfToken(request, deps.csrfSecret));
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "account_closed" }));
  });
}
