import { route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { toReactRouterRoutes } from "./platform/links/react-router-routes.ts";
import { installAppPages } from "./app/pages.server.ts";

/**
 * Every page route and its locale twin (/es/...), generated from the route
 * table the features declare (assembled in app/pages.ts). The table's parameter
 * rules are checked by each page's loader (platform/pages/page-loader.server.ts):
 * a URL that breaks them gets the 404 page.
 */
installAppPages();
const pages: RouteConfigEntry[] = toReactRouterRoutes().map(({ id, path, file }) => route(path, file, { id }));

export default [
  ...pages,
  route("*", "platform/pages/not-found-page.tsx", { id: "not_found" }),
] satisfies RouteConfig;
