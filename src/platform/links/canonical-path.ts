import { isLocale } from "../i18n/locales.ts";
import { safeRedirectPath } from "./links.ts";
import { matchPagePath } from "./route-patterns.ts";

/**
 * The one place that says where a page URL permanently moved (301), or null
 * when it is already canonical:
 * - a trailing slash goes: /clubs/ → /clubs;
 * - spec 000 §2 writes the locale twin as a trailing {_locale} segment; the
 *   canonical form leads with it (decision 0001), so /clubs/es → /es/clubs.
 *   Only when the path as given is no page: /member/es is the member "es".
 * The query string is kept. A target that would leave the site ("//evil.example/"
 * without its slash is a protocol-relative link) is "unsafe": the caller answers 404.
 */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- "unsafe" names the answer the caller turns into a 404
export function canonicalPageLocation(url: string): string | null | "unsafe" {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  let canonical = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
  canonical = leadingLocaleForm(canonical) ?? canonical;
  if (canonical === path) return null;
  return safeRedirectPath(canonical + query) ?? "unsafe";
}

/** /clubs/es → /es/clubs, when /clubs/es is no page and /clubs is one (without a leading locale already). */
function leadingLocaleForm(path: string): string | null {
  const trailing = /^(.*)\/([^/]+)$/.exec(path);
  const locale = trailing?.[2];
  if (!trailing || !isLocale(locale)) return null;
  const rest = trailing[1] || "/";
  if (matchPagePath(path)) return null;
  const rested = matchPagePath(rest);
  if (!rested || rested.pathLocale !== null) return null;
  return rest === "/" ? `/${locale}` : `/${locale}${rest}`;
}
