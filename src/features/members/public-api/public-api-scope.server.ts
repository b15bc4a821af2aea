import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import { sendError } from "../../../platform/http/json-errors.server.ts";
import { httpDate, isNotModified, strongEtag } from "./conditional-get.ts";
import { createInFlightLimiter, type InFlightLimiter } from "./in-flight-limiter.ts";
import { publicPlayerParamsSchema, type PublicOrigins } from "./public-api.schema.ts";
import { publicOriginsFor } from "./public-urls.ts";

/**
 * The public API's HTTP scope (docs/decisions/0008): CORS for everyone,
 * no cookies, the in-flight and per-minute limits, ETag/Last-Modified with
 * 304s, and the api-host aliases. The player endpoint registers its routes
 * through it, and so does every other /pub resource (the game archives of
 * online play), so they answer alike.
 */

/** How long clients and shared caches may reuse an answer without asking again (docs/decisions/0008). */
export const PUBLIC_PLAYER_MAX_AGE_SECONDS = 300;
/** Concurrent requests one client address may have in flight on one instance. */
export const DEFAULT_MAX_IN_FLIGHT_PER_CLIENT = 6;
/** Requests per client address, per route, per minute (shared by instances through Redis when it is configured). */
export const DEFAULT_REQUESTS_PER_MINUTE = 1200;
/** Seconds a client refused for parallel requests is asked to wait. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

/** The api subdomain: a host whose first label is "api". */
export const API_HOST = /^api\./i;

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
const ALLOWED_REQUEST_HEADERS = "If-None-Match, If-Modified-Since, Cache-Control, X-Requested-With";
const RATE_LIMIT_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];

export interface PublicApiLimits {
  /** Concurrent requests per client address on this instance; one more gets 429 (default 6). */
  readonly maxInFlightPerClient?: number;
  /** Requests per client address per route per minute (default 1200). */
  readonly requestsPerMinute?: number;
}

/** The site and API origins of a request's Host; 400 when the Host is not a host name. */
export function publicOriginsOf(request: FastifyRequest): PublicOrigins {
  const origins = publicOriginsFor(request.host, request.protocol);
  if (!origins) throw new AppError("bad_request");
  return origins;
}

/** The {username} path parameter; a malformed one is a 404, like an unknown member. */
export function publicUsernameOf(request: FastifyRequest): string {
  const parsed = publicPlayerParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data.username;
}

export interface CacheableBody {
  readonly body: string;
  /** Unix seconds: the latest change the body shows, when the resource has a date. */
  readonly lastModified?: number | undefined;
  /** Default: JSON. */
  readonly contentType?: string;
  /** Further headers of a 200 (e.g. Content-Disposition of a download). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends a body that shared caches may keep: a strong ETag of the exact
 * bytes, Last-Modified when the resource has a date, Cache-Control and Vary;
 * a 304 without a body when the client's copy is current.
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, answer: CacheableBody): FastifyReply {
  const etag = strongEtag(answer.body);
  reply.header("etag", etag).header("cache-control", `public, max-age=${PUBLIC_PLAYER_MAX_AGE_SECONDS}`).header("vary", "accept-encoding");
  if (answer.lastModified !== undefined) reply.header("last-modified", httpDate(answer.lastModified));
  const conditions = { ifNoneMatch: request.headers["if-none-match"], ifModifiedSince: request.headers["if-modified-since"] };
  if (isNotModified(conditions, { etag, lastModified: answer.lastModified })) return reply.code(304).send();
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.type(answer.contentType ?? "application/json; charset=utf-8").send(answer.body);
}

/** Holds a slot for the request while it is in flight; answers 429 when the client has none left. */
function limitInFlight(limiter: InFlightLimiter) {
  const releases = new WeakMap<FastifyRequest, () => void>();
  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      const release = limiter.tryAcquire(request.ip);
      if (!release) {
        reply.header("retry-after", String(IN_FLIGHT_RETRY_AFTER_SECONDS));
        return sendError(request, reply, new AppError("rate_limited"));
      }
      releases.set(request, release);
      // "close" comes when the answer is written or the client goes away, whichever is first.
      reply.raw.once("close", release);
      return undefined;
    },
    async onResponse(request: FastifyRequest) {
      releases.get(request)?.();
    },
  };
}

/** One limiter per server, so every /pub scope shares a client's in-flight budget. */
const limitersByServer = new WeakMap<object, InFlightLimiter>();

function limiterFor(app: FastifyInstance, max: number): InFlightLimiter {
  const existing = limitersByServer.get(app.server);
  if (existing) return existing;
  const limiter = createInFlightLimiter(max);
  limitersByServer.set(app.server, limiter);
  return limiter;
}

export interface PublicApiRoute {
  /** The canonical path, under /pub. */
  readonly url: string;
  readonly handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/**
 * Registers GET/HEAD and the CORS preflight of each route in the public API's
 * own plugin scope, and the same path without /pub on the api host only (on
 * other hosts /player/... is no route of ours and falls through to the pages).
 */
export async function registerPublicApiRoutes(app: FastifyInstance, limits: PublicApiLimits, routes: readonly PublicApiRoute[]): Promise<void> {
  const inFlight = limitInFlight(limiterFor(app, limits.maxInFlightPerClient ?? DEFAULT_MAX_IN_FLIGHT_PER_CLIENT));
  const rateLimit = { max: limits.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, timeWindow: 60_000 };

  await app.register(async (scope) => {
    // Compressed by the app-wide compression (platform/http/compression.server.ts).
    scope.addHook("onRequest", async (_request, reply) => {
      // Reads for anyone, never with credentials: no Allow-Credentials, and no cookies are set below.
      reply.header("access-control-allow-origin", "*").header("access-control-expose-headers", "ETag, Retry-After");
    });
    scope.addHook("onRequest", inFlight.onRequest);
    scope.addHook("onResponse", inFlight.onResponse);
    scope.addHook("onSend", async (_request, reply, payload) => {
      // The session layer may hand out a CSRF cookie; a public, shared-cacheable answer carries none.
      reply.removeHeader("set-cookie");
      if (reply.statusCode < 400) for (const name of RATE_LIMIT_HEADERS) reply.removeHeader(name);
      return payload;
    });

    const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header("access-control-allow-methods", "GET, HEAD, OPTIONS")
        .header("access-control-allow-headers", ALLOWED_REQUEST_HEADERS)
        .header("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();

    for (const route of routes) {
      if (!route.url.startsWith("/pub/")) throw new Error(`a public API route lives under /pub: ${route.url}`);
      const variants = [
        { url: route.url, constraints: {} },
        { url: route.url.slice("/pub".length), constraints: { constraints: { host: API_HOST } } },
      ];
      for (const variant of variants) {
        scope.get(variant.url, { ...variant.constraints, config: { rateLimit } }, route.handler);
        scope.options(variant.url, variant.constraints, preflight);
      }
    }
  });
}
