import { compiledPageRoutes, spansSegments, type CompiledPageRoute } from "./route-patterns.ts";
import { routeModuleOf } from "./route-modules.server.ts";

export interface ReactRouterRoute {
  readonly id: string;
  readonly path: string;
  readonly file: string;
}

/** Param name of the leading locale segment of every page's twin. */
export const LOCALE_PARAM = "lang";

/**
 * React Router paths for the route table. React Router has no parameter rules,
 * so a value that may span segments becomes a splat that takes the rest of the
 * path; two table entries that reduce to the same path share one module.
 */
function reactRouterPath(route: CompiledPageRoute): string {
  let path = "";
  for (const token of route.tokens) {
    if (token.kind === "static") path += `/${token.value}`;
    else if (spansSegments(token)) return `${path}/*`;
    else path += `/:${token.value}${token.optional ? "?" : ""}`;
  }
  return path || "/";
}

/** The id of a route's locale twin. */
const twinId = (id: string) => `${id}.${LOCALE_PARAM}`;

/**
 * The React Router route each table entry is served by, in the table's order:
 * entries that reduce to one React Router path share the first one's route
 * (and must share its module).
 */
function routeOfEachEntry(): ReadonlyMap<string, ReactRouterRoute> {
  const routeByPath = new Map<string, ReactRouterRoute>();
  const routeByName = new Map<string, ReactRouterRoute>();
  for (const compiled of compiledPageRoutes()) {
    const path = reactRouterPath(compiled);
    const file = routeModuleOf(compiled.name).file;
    let route = routeByPath.get(path);
    if (route === undefined) {
      route = { id: compiled.name, path, file };
      routeByPath.set(path, route);
    } else if (route.file !== file) {
      throw new Error(`Routes sharing ${path} must share a module (${compiled.name}).`);
    }
    routeByName.set(compiled.name, route);
  }
  return routeByName;
}

export function toReactRouterRoutes(): ReactRouterRoute[] {
  const routes = [...new Set(routeOfEachEntry().values())];
  // The locale twins come after every unprefixed route so that, on a tie,
  // React Router prefers the unprefixed one, as the table's matcher does.
  const twins = routes.map((page) => ({
    id: twinId(page.id),
    path: page.path === "/" ? `/:${LOCALE_PARAM}` : `/:${LOCALE_PARAM}${page.path}`,
    file: page.file,
  }));
  return [...routes, ...twins];
}

/** The React Router route of each table entry, and of its locale twin. */
export function reactRouterIdsByTableName(): ReadonlyMap<string, readonly [string, string]> {
  return new Map([...routeOfEachEntry()].map(([name, route]) => [name, [route.id, twinId(route.id)] as const]));
}
