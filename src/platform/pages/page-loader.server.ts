import { data, redirect } from "react-router";
import { generatePageLink, isUsernameParam } from "../links/links.ts";
import { matchPagePath, type PageMatch } from "../links/route-patterns.ts";

/**
 * The page a request names, checked against the route table's rules. React
 * Router has no parameter rules of its own, so every page loader starts here:
 * a URL that breaks a rule (a non-numeric id, days=12, ...) gets the 404 page.
 *
 * Usernames in route parameters are lower-cased (spec 000 §2): a path that
 * spells one otherwise (/member/Alice) is answered with a permanent redirect
 * to the lower-cased path, its query kept, so each page has one address.
 */
export function requirePage(request: Request): PageMatch {
  const url = new URL(request.url);
  const match = matchPagePath(url.pathname);
  if (!match) throw data(null, { status: 404 });
  const canonical = canonicalUsernamePath(match);
  if (canonical) throw redirect(canonical + url.search, 301);
  return match;
}

/** The same page with its usernames lower-cased, or null when they already are. */
function canonicalUsernamePath(match: PageMatch): string | null {
  const needsLowering = Object.entries(match.params).some(([name, value]) => isUsernameParam(name) && value !== value.toLowerCase());
  if (!needsLowering) return null;
  return generatePageLink(match.route.name, match.params, { locale: match.pathLocale });
}
