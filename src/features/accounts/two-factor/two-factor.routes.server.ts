import type { FastifyInstance, FastifyRequest } from "fastify";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, wantsJson, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { AppError } from "../../../platform/http/errors.ts";
import { safeRedirectPath } from "../../../platform/links/links.ts";
import { matchPagePath } from "../../../platform/links/route-patterns.ts";
import { backToSettings, keyedFailure, memberSession, refuseNonMember } from "../settings/member-form.server.ts";
import { pageLinkFor } from "../settings/page-links.server.ts";
import type { SessionsService } from "../sessions.service.server.ts";
import type { CookiePolicy } from "../viewer.server.ts";
import { RECOVERY_CODES_COOKIE, RECOVERY_CODES_TTL_MS, sealRecoveryCodes } from "./recovery-codes-flash.server.ts";
import { confirmTwoFactorBodySchema, disableTwoFactorBodySchema, secondFactorBodySchema, type TwoFactorFailure } from "./two-factor.schema.ts";
import type { TwoFactorService } from "./two-factor.service.server.ts";
import type { AccountMail } from "../account-mail/account-mail.server.ts";
import { rememberBrowser } from "../known-browser.server.ts";

declareFailures<TwoFactorFailure>({
  invalid_code: "invalid",
  code_already_used: "invalid",
  code_required: "invalid",
  too_many_attempts: "too_many",
  two_factor_not_started: "conflict",
  two_factor_already_enabled: "conflict",
  two_factor_not_enabled: "conflict",
  wrong_password: "invalid",
  code_or_password_required: "invalid",
});

function twoFactorFailure(request: FastifyRequest, code: TwoFactorFailure): FormFailure {
  return keyedFailure(request, code, `two_factor.error.${code}`);
}

export interface TwoFactorRouteDeps {
  readonly twoFactor: TwoFactorService;
  readonly sessions: SessionsService;
  readonly cookies: CookiePolicy;
  /** The key that seals recovery codes on their way to the next page. */
  readonly recoveryCodesKey: () => Promise<Buffer>;
  /** Signs the recognised-browser cookie set once the second factor is right. */
  readonly csrfSecret: Buffer;
  /** Tells the member when wrong codes start to cost waits. */
  readonly accountMail: AccountMail;
}

/**
 * POST /2fa (the second step of signing in) and the enrolment endpoints of
 * /settings: start, confirm, disable. Forms get 303 redirects, JSON gets JSON.
 */
export function registerTwoFactorRoutes(app: FastifyInstance, deps: TwoFactorRouteDeps): void {
  const codeRateLimit = { max: 30, timeWindow: "1 minute" };

  // The recovery-codes cookie is read by the settings page once: the page's next request clears it.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || request.cookies[RECOVERY_CODES_COOKIE] === undefined) return;
    if (matchPagePath(request.url.split("?")[0] ?? "/")?.route.name !== "web_user_settings") return;
    reply.header("set-cookie", reply.server.serializeCookie(RECOVERY_CODES_COOKIE, "", { path: "/", httpOnly: true, sameSite: "strict", secure: deps.cookies.secure, maxAge: 0 }));
  });

  app.post("/2fa", { config: { rateLimit: codeRateLimit } }, async (request, reply) => {
    const parsed = secondFactorBodySchema.safeParse(request.body);
    const redirectUrl = safeRedirectPath(parsed.success ? parsed.data.redirectUrl : undefined) ?? undefined;
    const target = redirectUrl ?? pageLinkFor(request, "web_home");
    const session = request.viewer.session;
    if (!session) {
      if (wantsJson(request)) throw new AppError("unauthenticated");
      return reply.redirect(pageLinkFor(request, "web_security_login_and_go", { redirectUrl: target }), 303);
    }
    if (!session.twoFactorPending) return formSucceeded(request, reply, target);
    const backTo = pageLinkFor(request, "web_2fa_login");
    if (!parsed.success) return formFailed(request, reply, twoFactorFailure(request, "code_required"), backTo, { redirectUrl });
    const result = await deps.twoFactor.verifySecondFactor(session.user.id, parsed.data, request.ip);
    if (!result.ok) {
      // Whoever is here knows the password: past the free tries, the member hears of it.
      if (result.values?.escalated) await deps.accountMail.send("two_factor_attempts", session.user, request.siteOrigin);
      return formFailed(request, reply, twoFactorFailure(request, result.error), backTo, { redirectUrl });
    }
    await deps.sessions.completeTwoFactor(session.tokenHash);
    rememberBrowser(request, reply, { secret: deps.csrfSecret, cookies: deps.cookies }, session.user.id);
    return formSucceeded(request, reply, target, { method: result.value.method });
  });

  app.post("/settings/two-factor/start", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const result = await deps.twoFactor.start(session.user.id);
    if (!result.ok) return backToSettings(request, reply, twoFactorFailure(request, result.error));
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "two_factor_started" }));
  });

  app.post("/settings/two-factor/confirm", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = confirmTwoFactorBodySchema.safeParse(request.body);
    if (!parsed.success) return backToSettings(request, reply, twoFactorFailure(request, "code_required"));
    const result = await deps.twoFactor.confirm(session.user.id, parsed.data.code, request.ip);
    if (!result.ok) return backToSettings(request, reply, twoFactorFailure(request, result.error));
    const next = pageLinkFor(request, "web_user_settings", { done: "two_factor_enabled" });
    if (wantsJson(request)) return formSucceeded(request, reply, next, { recoveryCodes: result.value.recoveryCodes });
    const sealed = sealRecoveryCodes(await deps.recoveryCodesKey(), session.tokenHash, result.value.recoveryCodes, Date.now());
    reply.header(
      "set-cookie",
      reply.server.serializeCookie(RECOVERY_CODES_COOKIE, sealed, { path: "/", httpOnly: true, sameSite: "strict", secure: deps.cookies.secure, maxAge: RECOVERY_CODES_TTL_MS / 1000 }),
    );
    return formSucceeded(request, reply, next);
  });

  app.post("/settings/two-factor/disable", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = disableTwoFactorBodySchema.safeParse(request.body);
    if (!parsed.success) return backToSettings(request, reply, twoFactorFailure(request, "code_or_password_required"));
    const result = await deps.twoFactor.disable(session.user.id, parsed.data, request.ip);
    if (!result.ok) return backToSettings(request, reply, twoFactorFailure(request, result.error));
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "two_factor_disabled" }));
  });
}
