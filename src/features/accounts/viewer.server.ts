import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../platform/db/client.server.ts";
import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";
import type { CookiePolicy } from "../../platform/http/cookie-policy.ts";
import { AppError } from "../../platform/http/errors.ts";
import { replaceRequestHeader } from "../../platform/http/raw-headers.server.ts";
import { setCookieHeader } from "../../platform/http/set-cookie.server.ts";
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, FRESH_CSRF_HEADER, csrfRequestIsValid, isValidCsrfToken, issueCsrfToken } from "../../platform/security/csrf.server.ts";
import { anonymousCsrfBinding, browserIdCookieName, browserIdCookieOptions, isBrowserId, newBrowserId } from "../../platform/security/browser-id.server.ts";
import { anonymousUser, type CurrentUser } from "./current-user.ts";
import { presentCurrentUser } from "./current-user.server.ts";
import { roleNames } from "./roles.server.ts";
import { type ActiveSession, type SessionsService } from "./sessions.service.server.ts";
import { clearSessionCookie, sessionCookieName } from "./session-cookie.server.ts";

/** Who is making a request: the session (if any) and the current user built from it. */
export interface Viewer {
  readonly session: ActiveSession | null;
  readonly user: CurrentUser;
  /** The CSRF token valid for this session; forms embed it as _token. */
  readonly csrfToken: string;
  /** This browser's random pre-session id (its cookie): what anonymous CSRF tokens are bound to. */
  readonly browserId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** What this request's CSRF tokens are bound to: the session, or without one the browser's pre-session id. */
export function csrfBindingOf(viewer: Pick<Viewer, "session" | "browserId">): string {
  // No browser id (paths that skip the viewer): an empty binding, which no token ever matches.
  return viewer.session?.tokenHash ?? (viewer.browserId ? anonymousCsrfBinding(viewer.browserId) : "");
}

/** A CSRF token for this browser once its session has ended (sign-out, closed account). */
export function anonymousCsrfToken(request: FastifyRequest, csrfSecret: Buffer): string {
  return issueCsrfToken(csrfSecret, anonymousCsrfBinding(request.viewer.browserId));
}

/** Paths that take no CSRF token: the write-only telemetry sinks (docs/decisions/0004). */
const CSRF_EXEMPT = [/^\/error-reporting\/web$/, /^\/client-metrics$/];
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Cookie-quiet: a read of a JSON call (GET or HEAD under /callback/) sets no
 * cookie at all. Only pages and state-changing calls mint the browser id and
 * the CSRF token (and clear a stale session cookie); a polled read needs
 * neither, minting both on every cookie-less poll cost more server time than
 * the answer, and a public answer (presence) must carry no Set-Cookie for a
 * shared cache to keep (decision 0047). A write still mints the browser id,
 * and its 403 still carries a fresh token to retry with.
 */
export function isCookieQuiet(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && path.startsWith("/callback/");
}
// Uploaded files (/uploads/) are public and cached by everyone: no session, no cookie.
const NO_SESSION_NEEDED = [/^\/assets\//, /^\/healthz$/, /^\/favicon/, /^\/images\//, /^\/pub\//, /^\/uploads\//];

export type { CookiePolicy };

function csrfCookieOptions(policy: CookiePolicy) {
  return { path: "/", httpOnly: false, sameSite: "lax" as const, secure: policy.secure };
}

/** Adds or replaces one cookie in the raw request, so that later readers (the pages) see the value just issued. */
function exposeCookieToLaterReaders(request: FastifyRequest, name: string, value: string): void {
  const others = (request.raw.headers.cookie ?? "")
    .split(/;\s*/)
    .filter((pair) => pair && !pair.startsWith(`${name}=`));
  replaceRequestHeader(request.raw, "cookie", [...others, `${name}=${encodeURIComponent(value)}`].join("; "));
  request.cookies[name] = value;
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, policy: CookiePolicy, token: string): void {
  setCookieHeader(reply, CSRF_COOKIE, token, csrfCookieOptions(policy));
  exposeCookieToLaterReaders(request, CSRF_COOKIE, token);
}

export function submittedCsrfToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === "string" && header) return header;
  const body: unknown = request.body;
  if (body && typeof body === "object" && CSRF_FIELD in body) {
    const field: unknown = body[CSRF_FIELD];
    if (typeof field === "string") return field;
  }
  return undefined;
}

/**
 * Every request learns its viewer from the session cookie, and gets a CSRF
 * cookie valid for that session. State-changing requests must echo the token
 * (header or _token field); otherwise 403 with a fresh token to retry with.
 */
export function registerViewer(app: FastifyInstance, deps: { db: Database; sessions: SessionsService; features: FeatureFlags; csrfSecret: Buffer; cookies: CookiePolicy }): void {
  const anonymous = anonymousUser(deps.features);
  const anonymousViewer: Viewer = { session: null, user: anonymous, csrfToken: "", browserId: "" };
  const browserCookie = browserIdCookieName(deps.cookies);
  const sessionCookie = sessionCookieName(deps.cookies);
  const viewers = new WeakMap<FastifyRequest, Viewer>();
  app.decorateRequest("viewer", {
    getter(this: FastifyRequest) {
      return viewers.get(this) ?? anonymousViewer;
    },
    setter(this: FastifyRequest, value: Viewer) {
      viewers.set(this, value);
    },
  });

  function mintBrowserId(request: FastifyRequest, reply: FastifyReply): string {
    const browserId = newBrowserId();
    setCookieHeader(reply, browserCookie, browserId, browserIdCookieOptions(deps.cookies));
    exposeCookieToLaterReaders(request, browserCookie, browserId);
    return browserId;
  }

  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (NO_SESSION_NEEDED.some((pattern) => pattern.test(path))) {
      return;
    }
    const sessionToken = request.cookies[sessionCookie];
    const quiet = isCookieQuiet(request.method, path);
    // A quiet read may take the session as read a moment ago (decision 0067); a page or a write reads it now.
    const session = quiet ? await deps.sessions.resumeQuiet(sessionToken) : await deps.sessions.resume(sessionToken);
    // A stale session cookie is cleared on every answer but a quiet one (which a shared cache may keep), pages
    // included: a plain Set-Cookie header (a hijacked page response never reaches @fastify/cookie's onSend).
    if (!session && sessionToken && !quiet) clearSessionCookie(reply, deps.cookies);
    let browserId = request.cookies[browserCookie];
    // Quiet and without one: an empty id, to which no anonymous token is bound (csrfBindingOf).
    if (!isBrowserId(browserId)) browserId = quiet ? "" : mintBrowserId(request, reply);
    // The roles came with the session: one query before the handler.
    const user = session ? presentCurrentUser(session, roleNames(session.user.membershipLevel, session.roles), deps.features) : anonymous;
    const binding = csrfBindingOf({ session, browserId });
    let csrfToken = request.cookies[CSRF_COOKIE] ?? "";
    if (!isValidCsrfToken(deps.csrfSecret, csrfToken, binding)) {
      csrfToken = quiet ? "" : issueCsrfToken(deps.csrfSecret, binding);
      if (!quiet && !STATE_CHANGING.has(request.method)) setCsrfCookie(request, reply, deps.cookies, csrfToken);
    }
    request.viewer = { session, user, csrfToken, browserId };
  });

  app.addHook("preHandler", async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split("?")[0] ?? "/";
    if (CSRF_EXEMPT.some((pattern) => pattern.test(path))) return;
    const binding = csrfBindingOf(request.viewer);
    if (csrfRequestIsValid(deps.csrfSecret, binding, request.cookies[CSRF_COOKIE], submittedCsrfToken(request))) return;
    const fresh = issueCsrfToken(deps.csrfSecret, binding);
    setCsrfCookie(request, reply, deps.cookies, fresh);
    reply.header(FRESH_CSRF_HEADER, fresh);
    throw new AppError("csrf_token_invalid");
  });
}

/** The signed-in member (logged in, not on the two-factor step), or 401. */
export function requireLoggedIn(request: FastifyRequest): ActiveSession & { readonly user: ActiveSession["user"] } {
  const session = request.viewer.session;
  if (!session || !request.viewer.user.isLoggedIn) throw new AppError("unauthenticated");
  return session;
}

/** A logged-in member who is not a guest, or 401/403. */
export function requireMember(request: FastifyRequest): ActiveSession {
  const session = requireLoggedIn(request);
  if (!request.viewer.user.isMember) throw new AppError("forbidden");
  return session;
}
