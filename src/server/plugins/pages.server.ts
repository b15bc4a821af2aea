import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { KingsideLoadContext, PageRequestIdentity } from "../../platform/http/load-context.ts";
import { AppError } from "../../platform/http/errors.ts";
import { safeRedirectPath } from "../../platform/links/links.ts";
import { replaceRequestHeader } from "../../platform/http/raw-headers.server.ts";
import { newCspNonce, pageContentSecurityPolicy } from "../../platform/http/content-security-policy.server.ts";

const INTERNAL_REQUEST_HEADER = "x-kingside-internal-request";

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
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(options.clientDir, "assets"));
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  // React Router hands getLoadContext a Fetch Request only. Each request's viewer
  // travels under a random id in an internal header that we always overwrite,
  // so a client cannot choose it.
  const identities = new Map<string, PageRequestIdentity & { readonly cspNonce: string }>();
  const listener = createRequestListener({
    build: options.build,
    mode: options.production ? "production" : "development",
    getLoadContext: (request): AppLoadContext => {
      const identity = identities.get(request.headers.get(INTERNAL_REQUEST_HEADER) ?? "");
      if (!identity) throw new Error("page request without a viewer");
      return { ...options.context, viewer: identity.viewer, csrfToken: identity.csrfToken, cspNonce: identity.cspNonce };
    },
  });

  // Pages only: no page has an action, so a POST to a page path is an unknown route (JSON 404).
  // A future page action must parse its body through Fastify so the request hygiene sees it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD"],
      url: "/*",
      handler(request, reply) {
        const path = request.url.split("?")[0] ?? "/";
        if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) throw new AppError("not_found");
        if (path.length > 1 && path.endsWith("/")) {
          // "//evil.example/" without its slash would be a protocol-relative link to another host.
          const withoutSlash = safeRedirectPath(path.replace(/\/+$/, "") + request.url.slice(path.length));
          if (!withoutSlash) throw new AppError("not_found");
          return reply.redirect(withoutSlash, 301);
        }
        const internalId = randomUUID();
        replaceRequestHeader(request.raw, INTERNAL_REQUEST_HEADER, internalId);
        const cspNonce = newCspNonce();
        identities.set(internalId, { ...options.identityOf(request), cspNonce });
        reply.raw.once("close", () => identities.delete(internalId));
        // Every page: its scripts by nonce only, never framed; and never stored by a cache, since every
        // page carries the viewer's CSRF token (and, signed in, their private data).
        reply.header("content-security-policy", pageContentSecurityPolicy(cspNonce));
        reply.header("cache-control", "private, no-store");
        // Headers set by Fastify hooks (security, HSTS) must reach the raw response.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        reply.hijack();
        void listener(request.raw, reply.raw);
      },
    });
  });
}
