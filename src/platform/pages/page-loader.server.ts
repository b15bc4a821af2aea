import { data } from "react-router";
import { matchPagePath, type PageMatch } from "../links/route-patterns.ts";

/**
 * The page a request names, checked against the route table's rules. React
 * Router has no parameter rules of its own, so every page loader starts here:
 * a URL that breaks a rule (a non-numeric id, days=12, ...) gets the 404 page.
 */
export function requirePage(request: Request): PageMatch {
  const match = matchPagePath(new URL(request.url).pathname);
  if (!match) throw data(null, { status: 404 });
  return match;
}
