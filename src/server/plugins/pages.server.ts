import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { KingsideLoadContext, PageRequestIdentity } from "../../platform/http/load-context.ts";
import { AppError } from "../../platform/http/errors.ts";
import { canonicalPageLocation } from "../../platform/links/canonical-path.ts";
import { newCspNonce, pageContentSecurityPolicy } from "../../platform/http/content-security-policy.server.ts";
import { pageRequestHandlers } from "./page-request-handlers.server.ts";

/** Paths that are JSON APIs: an unknown one gets a JSON 404, never the HTML page. */
const API_PREFIXES = ["/callback/", "/pub/", "/api/", "/error-reporting/", "/client-metrics", "/guest/", "/moderation/", "/ws"];

export interface PagesOptions {
  readonly build: ServerBuild;
  readonly clientDir: string;
  readonly production: boolean;
  readonly context: Omit<KingsideLoadContext, "viewer" | "csrfToken" | "cspNonce">;
  /** Who asks, as the feature that owns sessions learnt it in its request hook. */
  readonly identityOf: (request: FastifyRequest) => PageRequestIdentity;
}

/**
 * React Router renders every page, mounted in Fastify on the same port.
 * Built assets are served with long-lived caching (their names carry a hash).
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  if (!existsSync(options.clientDir)) throw new Error(`No client build in ${options.clientDir}: run "npm run build" first.`);
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.ts).
    preCompressed: true,
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(options.clientDir, "assets"));
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  // React Router renders from a Fetch Request with the load context we hand it,
  // so the viewer travels with the call, not in a header a client could write.
  const handlerFor = pageRequestHandlers(options.build, options.production ? "production" : "development");

  // Pages only: no page has an action, so a POST to a page path is an unknown route (JSON 404).
  // A future page action must parse its body through Fastify so the request hygiene sees it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD"],
      url: "/*",
      async handler(request, reply) {
        const path = request.url.split("?")[0] ?? "/";
        if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) throw new AppError("not_found");
        // Trailing slashes and the spec's trailing locale (/clubs/es) move to the canonical path.
        const canonical = canonicalPageLocation(request.url);
        if (canonical === "unsafe") throw new AppError("not_found");
        if (canonical) return reply.redirect(canonical, 301);
        const identity = options.identityOf(request);
        const cspNonce = newCspNonce();
        const context: AppLoadContext = { ...options.context, viewer: identity.viewer, csrfToken: identity.csrfToken, cspNonce };
        const response = await handlerFor(path)(toFetchRequest(request, reply), context);
        // Through Fastify's reply (not the raw socket) so the compression and cookie hooks see the page.
        reply.status(response.status);
        for (const [name, value] of response.headers) if (name !== "set-cookie") reply.header(name, value);
        for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
        // Every page: its scripts by nonce only, never framed; and never stored by a cache, since every
        // page carries the viewer's CSRF token (and, signed in, their private data).
        reply.header("content-security-policy", pageContentSecurityPolicy(cspNonce));
        reply.header("cache-control", "private, no-store");
        if (!response.body || request.method === "HEAD") return reply.send();
        // The page comes whole (entry.server.tsx renders it into one buffer).
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    });
  });
}

/** The page request as React Router reads it; aborted when the client goes away. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const abort = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return new Request(new URL(request.url, origin), { method: request.method, headers, signal: abort.signal });
}
