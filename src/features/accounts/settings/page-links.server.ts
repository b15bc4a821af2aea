import type { FastifyRequest } from "fastify";
import { defaultLocale, isLocale, localeFromHost } from "../../../platform/i18n/locales.ts";
import { generatePageLink, type LinkArguments, type LinkOptions } from "../../../platform/links/links.ts";
import type { PageRouteName } from "../../../platform/links/route-table.ts";

/**
 * A page link for the redirect that ends a form post, in the language of the
 * page that posted it: the form's `locale` field gives the language; on the
 * main host it becomes a path prefix (/es/settings), while a language
 * subdomain already names it (links there carry no prefix).
 */
export function pageLinkFor<Name extends PageRouteName>(request: FastifyRequest, name: Name, ...[params, options]: LinkArguments<Name>): string {
  const body: unknown = request.body;
  const field = body && typeof body === "object" && "locale" in body ? body.locale : undefined;
  const locale = typeof field === "string" && isLocale(field) && field !== defaultLocale && !localeFromHost(request.host) ? field : null;
  const given: LinkOptions = options ?? {};
  return generatePageLink(name, params ?? {}, { ...given, locale });
}

/** One cookie from a Cookie header (the page loaders get the raw header). */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(/;\s*/)) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator) === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}
