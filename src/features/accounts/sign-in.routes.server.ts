import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { translate } from "../../platform/http/json-errors.server.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../platform/http/form-response.server.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import { isChecked, signInBodySchema } from "./accounts.schema.ts";
import { hashSessionToken, type SessionsService } from "./sessions.service.server.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.server.ts";
import type { SignInService } from "./sign-in.service.server.ts";
import { anonymousCsrfToken, setCsrfCookie, type CookiePolicy } from "./viewer.server.ts";
import { issueCsrfToken } from "../../platform/security/csrf.server.ts";
import { knownBrowserCookieName, recognisedAccounts, rememberBrowser } from "./known-browser.server.ts";

declareFailures({ invalid_credentials: "unauthenticated", account_closed: "refused", account_disabled: "refused", too_many_attempts: "too_many" });

export interface SignInDeps {
  readonly signIn: SignInService;
  readonly sessions: SessionsService;
  readonly csrfSecret: Buffer;
  readonly cookies: CookiePolicy;
}

/** Starts a fresh session (a new id at every sign-in) and its CSRF token. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, deps: SignInDeps, userId: number, options: { remember: boolean; twoFactorPending: boolean }): Promise<void> {
  const previous = request.viewer.session;
  if (previous) await deps.sessions.end(previous.tokenHash);
  const { token, expiresAt } = await deps.sessions.start(userId, { ...options, userAgent: request.headers["user-agent"] ?? null, ip: request.ip });
  setSessionCookie(reply, deps.cookies, token, options.remember ? expiresAt : null);
  setCsrfCookie(request, reply, deps.cookies, issueCsrfToken(deps.csrfSecret, hashSessionToken(token)));
  // Fully signed in: from now on this browser is one the member uses (the /2fa step does this once the code is right).
  if (!options.twoFactorPending) rememberBrowser(request, reply, { secret: deps.csrfSecret, cookies: deps.cookies }, userId);
}

/** POST /login and POST /logout (forms without JavaScript, or JSON from the HTTP client). */
export function registerSignInRoutes(app: FastifyInstance, deps: SignInDeps): void {
  const signInRateLimit = { max: 30, timeWindow: "1 minute" };

  app.post("/login", { config: { rateLimit: signInRateLimit } }, async (request, reply) => {
    const parsed = signInBodySchema.safeParse(request.body);
    const rawRedirect = parsed.success ? parsed.data.redirectUrl : undefined;
    const target = safeRedirectPath(rawRedirect) ?? generateLink("web_home");
    const backTo = generateLink("web_security_login");
    if (!parsed.success) {
      return formFailed(request, reply, { code: "validation_failed", message: translate(request, "accounts.error.missing_credentials") }, backTo, { redirectUrl: rawRedirect });
    }
    const { username, password, remember } = parsed.data;
    const recognisedUserIds = recognisedAccounts(deps.csrfSecret, request.cookies[knownBrowserCookieName(deps.cookies)]);
    const result = await deps.signIn.verifyPassword(username, password, { ip: request.ip, recognisedUserIds, siteOrigin: request.siteOrigin });
    if (!result.ok) {
      // How long this browser must wait before its next try is checked.
      const retryAfter = result.values?.retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      const label = result.values?.label;
      const message = translate(request, `accounts.error.${result.error}`, label ? { label: translate(request, String(label)) } : {});
      return formFailed(request, reply, { code: result.error, message }, backTo, { redirectUrl: rawRedirect, username });
    }
    const user = result.value;
    const twoFactorPending = user.totpEnabledAt !== null;
    await startSession(request, reply, deps, user.id, { remember: isChecked(remember), twoFactorPending });
    if (twoFactorPending) return formSucceeded(request, reply, generateLink("web_2fa_login", { redirectUrl: target }), { twoFactor: true });
    return formSucceeded(request, reply, target);
  });

  app.post("/logout", async (request, reply) => {
    const session = request.viewer.session;
    if (session) await deps.sessions.end(session.tokenHash);
    clearSessionCookie(reply, deps.cookies);
    setCsrfCookie(request, reply, deps.cookies, anonymousCsrfToken(request, deps.csrfSecret));
    return formSucceeded(request, reply, generateLink("web_root"));
  });
}
