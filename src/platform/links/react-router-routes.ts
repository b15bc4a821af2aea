import { compiledPageRoutes, spansSegments, type CompiledPageRoute } from "./route-patterns.ts";
import { routeModules } from "./route-modules.server.ts";

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

export function toReactRouterRoutes(): ReactRouterRoute[] {
  const routes: ReactRouterRoute[] = [];
  const routeByPath = new Map<string, ReactRouterRoute>();
  for (const compiled of compiledPageRoutes) {
    const path = reactRouterPath(compiled);
    const file = routeModules[compiled.name].file;
    const existing = routeByPath.get(path);
    if (existing !== undefined) {
      if (existing.file !== file) throw new Error(`Routes sharing ${path} must share a module (${compiled.name}).`);
      continue;
    }
    const route = { id: compiled.name, path, file };
    routeByPath.set(path, route);
    routes.push(route);
  }
  // The locale twins come after every unprefixed route so that, on a tie,
  // React Router prefers the unprefixed one, as the table's matcher does.
  const twins = routes.map((page) => ({
    id: `${page.id}.${LOCALE_PARAM}`,
    path: page.path === "/" ? `/:${LOCALE_PARAM}` : `/:${LOCALE_PARAM}${page.path}`,
    file: page.file,
  }));
  return [...routes, ...twins];
}

/**
 * The React Router route of each table entry, and of its locale twin: entries
 * that reduce to one React Router path share the first one's route.
 */
export function reactRouterIdsByTableName(): ReadonlyMap<string, readonly [string, string]> {
  const idByPath = new Map<string, string>();
  const ids = new Map<string, readonly [string, string]>();
  for (const compiled of compiledPageRoutes) {
    const path = reactRouterPath(compiled);
    const id = idByPath.get(path) ?? compiled.name;
    idByPath.set(path, id);
    ids.set(compiled.name, [id, `${id}.${LOCALE_PARAM}`]);
  }
  return ids;
}
