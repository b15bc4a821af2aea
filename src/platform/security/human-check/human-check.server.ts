import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { AppError } from "../../http/errors.ts";
import { declareFailures, failureStatus } from "../../http/failure-statuses.ts";
import { wantsJson } from "../../http/form-response.server.ts";
import { CHALLENGE_HEADER } from "../../http/http-client.ts";
import { sendError, translate } from "../../http/json-errors.server.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { resolveRequestLocale } from "../../i18n/request-locale.ts";
import { generateLink, safeRedirectPath } from "../../links/links.ts";
import type { CookiePolicy } from "../../http/cookie-policy.ts";
import { addressKey } from "./client-address.ts";
import {
  HUMAN_CHECK_PASS_COOKIE,
  HUMAN_CHECK_PATHS,
  humanCheckActions,
  humanCheckChallenge,
  humanCheckPass,
  type HumanCheckAction,
  type HumanCheckThreshold,
} from "./human-check-limits.ts";
import { issueChallenge, issuePass, readPass, verifyChallengeWork, type ChallengeRefusal } from "./human-check-tokens.server.ts";
import type { PeriodicJobDefinition } from "../../jobs/job-types.ts";
import { countInFixedWindow, incrementCounter, pruneCounters } from "./request-counters.server.ts";
import { isVerifyHost, mainHostOf } from "./verify-host.ts";

/**
 * The server half of the human check (spec 001 §4.7, docs/decisions/0007):
 *
 * - a guard on every route whose config names a `humanCheck` action: past the
 *   action's threshold for the client's address, the request needs a pass, or
 *   it is answered 403 with the challenge header (JSON) or sent to the
 *   verification page (a plain form post);
 * - GET /callback/human-check/challenge issues a signed proof-of-work
 *   challenge, POST /callback/human-check/verify checks the work and sets the
 *   pass cookie;
 * - every page request on the verify subdomain shows the verification page.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The action this route performs, counted per address for the human check. */
    humanCheck?: HumanCheckAction;
    /**
     * The form fields a challenged plain form post carries back to its form
     * (never a password or a token): the form is refilled after the check.
     */
    humanCheckKeeps?: readonly string[];
  }
}

/** Every row this module writes to request_counters starts with this. */
export const COUNTER_PREFIX = "human-check:";
/** The page catch-all route of src/server/plugins/pages.server.ts. */
const PAGE_ROUTE = "/*";
const DAY = 24 * 60 * 60 * 1000;

export interface HumanCheckDeps {
  readonly db: Database;
  /** sharedSecret(db, "human-check"): every instance signs and checks with it. */
  readonly secret: Buffer;
  readonly cookies: CookiePolicy;
  /** Thresholds per action; the table in human-check-limits.ts by default. */
  readonly actions?: Readonly<Record<HumanCheckAction, HumanCheckThreshold>>;
  /** Leading zero bits of work per challenge. */
  readonly difficulty?: number;
  readonly now?: () => Date;
  /** The configured site's host (SITE_URL); the verify host is verify.<it>. Null: believe the request's Host (development). */
  readonly siteHost?: string | null;
}

const verifyBodySchema = z.object({
  challenge: z.string().min(1).max(1024),
  counter: z.number(),
});

export function registerHumanCheck(app: FastifyInstance, deps: HumanCheckDeps): void {
  registerVerifyHost(app, deps.siteHost ?? null);
  registerHumanCheckGuard(app, deps);
  registerHumanCheckRoutes(app, deps);
}

/** The path of the verification page that a page request on the verify host shows, or null when it already is that page. */
export function verificationPageUrl(originalUrl: string): string | null {
  const url = new URL(originalUrl, "http://verify.invalid");
  const firstSegment = url.pathname.split("/")[1];
  const locale: Locale | null = isLocale(firstSegment) ? firstSegment : null;
  const page = generateLink("web_verification_index", {}, { locale });
  if (url.pathname === page) return null;
  if (url.searchParams.has("redirect")) return page + url.search;
  const back = url.pathname + url.search;
  return back === "/" ? page : generateLink("web_verification_index", { redirect: back }, { locale });
}

/** A page request whose Host is verify.<main host> is served the verification page, whatever its path. */
export function registerVerifyHost(app: FastifyInstance, siteHost: string | null = null): void {
  app.addHook("onRequest", async (request) => {
    if (!isVerifyHost(request.host, siteHost)) return;
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (request.routeOptions.url !== PAGE_ROUTE) return;
    const target = verificationPageUrl(request.url);
    // The page route reads request.url (which is raw.url) and hands the raw request to React Router.
    if (target) request.raw.url = target;
  });
}

/** The same-site path the request came from (its Referer), or null. */
function refererPath(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    // Parsed with the referer's scheme, so that a default port (":80", ":443") compares equal to none.
    const ownHost = new URL(`${url.protocol}//${request.host}`).host;
    return url.host === ownHost ? safeRedirectPath(url.pathname + url.search) : null;
  } catch {
    return null;
  }
}

/** The longest value a challenged form carries back per field (the forms' own limits are lower). */
const KEPT_VALUE_MAX_LENGTH = 256;
const formBodySchema = z.record(z.string(), z.unknown());

/**
 * The form page a challenged post returns to: its Referer path; when the
 * route names the fields it keeps, with those fields (from the posted body,
 * in place of the page's own query, which may hold an earlier attempt's
 * errors) so that the form shows them again.
 */
function formReturnPath(request: FastifyRequest): string {
  const back = refererPath(request) ?? "/";
  const keeps = request.routeOptions.config.humanCheckKeeps;
  if (!keeps || keeps.length === 0) return back;
  const body = formBodySchema.safeParse(request.body);
  const kept = new URLSearchParams();
  for (const name of keeps) {
    const value = body.success ? body.data[name] : undefined;
    if (typeof value === "string" && value !== "") kept.set(name, value.slice(0, KEPT_VALUE_MAX_LENGTH));
  }
  const query = kept.toString();
  return new URL(back, "http://same.invalid").pathname + (query ? `?${query}` : "");
}

/** Where a plain form post that needs the check goes: the verification page, then back to the form. */
export function verificationRedirect(request: FastifyRequest): string {
  const back = formReturnPath(request);
  const { pathLocale } = resolveRequestLocale(new URL(back, "http://same.invalid"), null);
  return generateLink("web_verification_index", { redirect: back }, { locale: pathLocale });
}

function sendChallenge(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header(CHALLENGE_HEADER, "1").header("cache-control", "no-store");
  if (!wantsJson(request)) return reply.redirect(verificationRedirect(request), 303);
  return sendError(request, reply, new AppError("challenge_required"));
}

export function registerHumanCheckGuard(app: FastifyInstance, deps: HumanCheckDeps): void {
  const actions = deps.actions ?? humanCheckActions;
  const clock = deps.now ?? (() => new Date());

  /** Spends one use of the request's pass; false when it has none left (or none at all). */
  async function spendPass(request: FastifyRequest, reply: FastifyReply, now: Date): Promise<boolean> {
    const cookie = request.cookies[HUMAN_CHECK_PASS_COOKIE];
    const pass = readPass(deps.secret, cookie, now);
    if (pass) {
      const uses = await incrementCounter(deps.db, `${COUNTER_PREFIX}pass:${pass.passId}`, pass.issuedAt);
      if (uses <= humanCheckPass.uses) return true;
    }
    if (cookie) reply.clearCookie(HUMAN_CHECK_PASS_COOKIE, { path: "/" });
    return false;
  }

  // A preHandler registered after the viewer's: CSRF failures are refused before they count.
  app.addHook("preHandler", async (request, reply) => {
    const action = request.routeOptions.config.humanCheck;
    if (action === undefined) return;
    const threshold = actions[action];
    const now = clock();
    const count = await countInFixedWindow(deps.db, `${COUNTER_PREFIX}${action}:${addressKey(request.ip)}`, threshold.windowMs, now);
    if (count <= threshold.limit) return;
    if (await spendPass(request, reply, now)) return;
    request.log.info({ action, count }, "human check required");
    return sendChallenge(request, reply);
  });
}

declareFailures({ challenge_rejected: "invalid" });

export function registerHumanCheckRoutes(app: FastifyInstance, deps: HumanCheckDeps): void {
  const clock = deps.now ?? (() => new Date());
  const difficulty = deps.difficulty ?? humanCheckChallenge.difficultyBits;
  function refuse(request: FastifyRequest, reply: FastifyReply, reason: ChallengeRefusal | "used") {
    return reply
      .code(failureStatus("challenge_rejected"))
      .header("cache-control", "no-store")
      .send({ code: "challenge_rejected", message: translate(request, "human_check.error.rejected"), reason });
  }

  app.get(HUMAN_CHECK_PATHS.challenge, { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } }, async (_request, reply) => {
    const now = clock();
    const issued = issueChallenge(deps.secret, { difficulty, ttlMs: humanCheckChallenge.ttlMs, now });
    reply.header("cache-control", "no-store");
    return { challenge: issued.challenge, difficulty: issued.difficulty, expiresAt: issued.expiresAt.toISOString() };
  });

  app.post(HUMAN_CHECK_PATHS.verify, { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } }, async (request, reply) => {
    const body = verifyBodySchema.safeParse(request.body);
    if (!body.success) return refuse(request, reply, "malformed");
    const now = clock();
    const solved = verifyChallengeWork(deps.secret, body.data.challenge, body.data.counter, now);
    if (!solved.ok) return refuse(request, reply, solved.error);
    // Single use across every instance: the first verify of a nonce counts 1, any replay more.
    const uses = await incrementCounter(deps.db, `${COUNTER_PREFIX}challenge:${solved.value.nonce}`, solved.value.expiresAt);
    if (uses > 1) return refuse(request, reply, "used");
    const pass = issuePass(deps.secret, { ttlMs: humanCheckPass.ttlMs, now });
    // On the verify subdomain the pass is for the main host (a parent domain may be named by its subdomain).
    const mainHost = mainHostOf(request.host, deps.siteHost ?? null)?.replace(/:\d+$/, "");
    reply.setCookie(HUMAN_CHECK_PASS_COOKIE, pass.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: deps.cookies.secure,
      expires: pass.expiresAt,
      ...(mainHost ? { domain: mainHost } : {}),
    });
    reply.header("cache-control", "no-store");
    return { status: "ok", passExpiresAt: pass.expiresAt.toISOString(), uses: humanCheckPass.uses };
  });
}

/**
 * Old counters of this module go away once an hour, on one instance: those
 * whose window began more than twice the longest action window ago (at least
 * a day), which no count can reach any more.
 */
export function humanCheckCounterPruneJob(db: Database, actions: Readonly<Record<HumanCheckAction, HumanCheckThreshold>> = humanCheckActions): PeriodicJobDefinition {
  const longestWindow = Math.max(...Object.values(actions).map((threshold) => threshold.windowMs));
  const retention = Math.max(DAY, 2 * longestWindow);
  return {
    name: "security.human-check-counters",
    everyMs: 60 * 60 * 1000,
    runOn: "leader",
    run: async ({ now, signal }) => void (await pruneCounters(db, COUNTER_PREFIX, new Date(now.getTime() - retention), signal)),
  };
}
