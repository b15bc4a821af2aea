import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../../platform/db/client.server.ts";
import { AppError } from "../../../platform/http/errors.ts";
import { sendError } from "../../../platform/http/json-errors.server.ts";
import { httpDate, isNotModified, strongEtag } from "./conditional-get.ts";
import { createInFlightLimiter, type InFlightLimiter } from "./in-flight-limiter.ts";
import { presentPublicPlayer, presentPublicPlayerClubs } from "./public-api.presenter.ts";
import { publicPlayerParamsSchema, type PublicOrigins } from "./public-api.schema.ts";
import { createPublicPlayerService } from "./public-api.service.server.ts";
import { publicOriginsFor } from "./public-urls.ts";

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

export interface PublicPlayerApiOptions {
  readonly db: Database;
  /** Concurrent requests per client address on this instance; one more gets 429 (default 6). */
  readonly maxInFlightPerClient?: number;
  /** Requests per client address per route per minute (default 1200). */
  readonly requestsPerMinute?: number;
}

function originsOf(request: FastifyRequest): PublicOrigins {
  const origins = publicOriginsFor(request.host, request.protocol);
  if (!origins) throw new AppError("bad_request");
  return origins;
}

function usernameOf(request: FastifyRequest): string {
  const parsed = publicPlayerParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data.username;
}

/**
 * Sends a JSON body that shared caches may keep: a strong ETag of the exact
 * bytes, Last-Modified when the resource has a date, Cache-Control and Vary;
 * a 304 without a body when the client's copy is current.
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: string, lastModified?: number): FastifyReply {
  const etag = strongEtag(body);
  reply.header("etag", etag).header("cache-control", `public, max-age=${PUBLIC_PLAYER_MAX_AGE_SECONDS}`).header("vary", "accept-encoding");
  if (lastModified !== undefined) reply.header("last-modified", httpDate(lastModified));
  const conditions = { ifNoneMatch: request.headers["if-none-match"], ifModifiedSince: request.headers["if-modified-since"] };
  if (isNotModified(conditions, { etag, lastModified })) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(body);
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

/**
 * The public player API (issue 4 item 9; docs/decisions/0008): GET
 * /pub/player/{username} and /pub/player/{username}/clubs on every host, and
 * the same without /pub on the api subdomain. Its own plugin scope holds gzip,
 * CORS and the in-flight limiter, so the pages never see them.
 */
export async function registerPublicPlayerApi(app: FastifyInstance, options: PublicPlayerApiOptions): Promise<void> {
  const players = createPublicPlayerService(options.db);
  const limiter = createInFlightLimiter(options.maxInFlightPerClient ?? DEFAULT_MAX_IN_FLIGHT_PER_CLIENT);
  const inFlight = limitInFlight(limiter);
  const rateLimit = { max: options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, timeWindow: 60_000 };

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

    const playerHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const username = usernameOf(request);
      const origins = originsOf(request);
      const player = await players.player(username);
      if (!player) throw new AppError("not_found");
      return sendCacheable(request, reply, JSON.stringify(presentPublicPlayer(player, origins)), player.lastModifiedAt);
    };
    const clubsHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const clubs = await players.clubs(usernameOf(request));
      if (!clubs) throw new AppError("not_found");
      return sendCacheable(request, reply, JSON.stringify(presentPublicPlayerClubs(clubs)));
    };
    const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header("access-control-allow-methods", "GET, HEAD, OPTIONS")
        .header("access-control-allow-headers", ALLOWED_REQUEST_HEADERS)
        .header("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();

    const routes = [
      { url: "/pub/player/:username", handler: playerHandler, apiHostOnly: false },
      { url: "/pub/player/:username/clubs", handler: clubsHandler, apiHostOnly: false },
      { url: "/player/:username", handler: playerHandler, apiHostOnly: true },
      { url: "/player/:username/clubs", handler: clubsHandler, apiHostOnly: true },
    ];
    for (const route of routes) {
      // On other hosts /player/... is no route of ours: the router falls through to the pages.
      const constraints = route.apiHostOnly ? { constraints: { host: API_HOST } } : {};
      scope.get(route.url, { ...constraints, config: { rateLimit } }, route.handler);
      scope.options(route.url, constraints, preflight);
    }
  });
}
