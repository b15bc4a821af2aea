import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The public origin for absolute links: SITE_URL when configured (always in production), else this request's own. */
    readonly siteOrigin: string;
  }
}

/**
 * Absolute links (invitations, the verify host) come from the configured site
 * URL: a Host or X-Forwarded-Host header is the client's to write, so a link
 * built from it could point a member at another site.
 */
export function registerSiteOrigin(app: FastifyInstance, siteUrl: URL | null): void {
  app.decorateRequest("siteOrigin", {
    getter() {
      return siteUrl ? siteUrl.origin : `${this.protocol}://${this.host}`;
    },
  });
}
