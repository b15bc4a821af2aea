import type { FastifyInstance } from "fastify";
import { subdomainLocales } from "../i18n/locales.ts";
import { isVerifyHost } from "../security/human-check/verify-host.ts";

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

/**
 * The configured site's own host that `host` names, lower-cased: the site's
 * host itself or a subdomain it serves (a language subdomain, verify.); null
 * for any other name, which the client made up (Host and X-Forwarded-Host are
 * the client's to write).
 */
export function siteHostNamed(host: string, siteHost: string): string | null {
  const given = host.toLowerCase();
  const site = siteHost.toLowerCase();
  if (given === site) return site;
  if (!given.endsWith(`.${site}`)) return null;
  const label = given.slice(0, -site.length - 1);
  return Object.hasOwn(subdomainLocales, label) || isVerifyHost(given, site) ? given : null;
}
