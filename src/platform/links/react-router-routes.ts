import { compiledPageRoutes, spansSegments, type CompiledPageRoute } from "./route-patterns.ts";

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
  const fileByPath = new Map<string, string>();
  for (const compiled of compiledPageRoutes) {
    const path = reactRouterPath(compiled);
    const file = compiled.definition.file;
    const existing = fileByPath.get(path);
    if (existing !== undefined) {
      if (existing !== file) throw new Error(`Routes sharing ${path} must share a module (${compiled.name}).`);
      continue;
    }
    fileByPath.set(path, file);
    routes.push({ id: compiled.name, path, file });
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
