import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { reactRouterIdsByTableName } from "../../platform/links/react-router-routes.ts";
import { matchPagePath } from "../../platform/links/route-patterns.ts";

/** The root route and the catch-all 404 page: in every narrowed build. */
const ALWAYS_KEPT = new Set(["root", "not_found"]);

/**
 * React Router's handler for each page request.
 *
 * React Router matches a document request against every route three times
 * (its request handler, its static handler, the manifest it sends the
 * browser) and builds and ranks the whole route tree again for each render:
 * with our 156 routes (78 pages and their locale twins) that was about a
 * quarter of a page's server time (decision 0038). The route table already
 * knows which page a document URL is for, and the table test holds React
 * Router to the same answer, so a document request goes to a handler over a
 * build narrowed to the root, that page's route and its locale twin, and
 * the 404 route. Anything the table does not name (a 404, a
 * `.data` request of a client navigation, the lazy route manifest) goes to
 * the handler over the full build.
 */
export function pageRequestHandlers(build: ServerBuild, mode: string): (pathname: string) => RequestHandler {
  const full = createRequestHandler(build, mode);
  const routeIds = reactRouterIdsByTableName();
  const narrowed = new Map<string, RequestHandler>();

  return (pathname) => {
    if (pathname.endsWith(".data") || pathname.startsWith(build.routeDiscovery.manifestPath)) return full;
    const name = matchPagePath(pathname)?.route.name;
    const ids = name === undefined ? undefined : routeIds.get(name);
    if (ids === undefined) return full;
    let handler = narrowed.get(ids[0]);
    if (!handler) {
      handler = createRequestHandler(narrowBuild(build, new Set(ids)), mode);
      narrowed.set(ids[0], handler);
    }
    return handler;
  };
}

/** The build with only the root, the given routes and the 404 route, in the server's routes and in the browser's manifest alike. */
function narrowBuild(build: ServerBuild, routeIds: ReadonlySet<string>): ServerBuild {
  const kept = (id: string) => ALWAYS_KEPT.has(id) || routeIds.has(id);
  const pick = <T,>(entries: Readonly<Record<string, T>>): Record<string, T> => Object.fromEntries(Object.entries(entries).filter(([id]) => kept(id)));
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}
