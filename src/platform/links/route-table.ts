/**
 * The route table: every page of the site, by name. The platform holds the
 * machinery and no page of a feature: each feature declares its pages in its
 * own `<feature>.pages.ts`, and the composition root (src/app/pages.ts)
 * assembles them into the one list and installs it (decision 0048).
 *
 * Paths use `{param}` placeholders. A parameter is optional when it has a default
 * or is listed in `optional`, and only trailing parameters may be optional.
 * `requirements` are regular-expression sources a value must match in full;
 * a requirement that admits "/" lets the value span several segments.
 *
 * Order matters where two paths could match the same URL: the first entry wins,
 * so the specific paths come before the general ones (React Router ranks the
 * generated routes the same way; src/app/pages.test.ts proves the two agree).
 *
 * This module is pure data and is shared by the server, the client and routes.ts.
 * Each page's module file is the server's business (route-modules.server.ts):
 * the browser never downloads them.
 */

export interface PageRouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly requirements?: Readonly<Record<string, string>>;
  readonly defaults?: Readonly<Record<string, string>>;
  readonly optional?: readonly string[];
  /** Query parameters the page understands (the link generator passes others through too). */
  readonly query?: readonly string[];
  /**
   * Path parameters that are secrets (single-use tokens, invitation secrets):
   * a log line shows the path cut at the first of them (secret-paths.server.ts).
   */
  readonly secrets?: readonly string[];
}

/** Parameter rules several features' pages share. */
export const DIGITS = "\\d+";
export const WORD = "\\w+";
export const ANY_PATH = ".+";
export const USERNAME = "[A-Za-z0-9_-]+";

/**
 * Filled by the composition root through declaration merging
 * (`routes: typeof appPageRoutes`, src/app/app-types.ts), so that route
 * names are a union of every feature's declared names and a link to a
 * misspelt page fails the type check. Types only: nothing of it reaches the browser.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PageRouteRegistry {}

/** The application's page list, as its type: the registered one, else any list. */
export type RegisteredPageRoutes = PageRouteRegistry extends { readonly routes: infer Routes extends readonly PageRouteDefinition[] } ? Routes : readonly PageRouteDefinition[];
export type RegisteredPageRoute = RegisteredPageRoutes[number];
export type PageRouteName = RegisteredPageRoute["name"];

let installed: readonly RegisteredPageRoute[] | null = null;

/**
 * Installs the application's page list, once per process or page load (the
 * composition root does it before anything matches a path or spells a link;
 * src/app/pages.test.ts checks its names are unique). Kept small: the browser loads this.
 */
export function installPageRoutes(routes: RegisteredPageRoutes): void {
  installed = routes;
}

/** The installed page list; fails loudly when the composition root (src/app/pages.ts) has not installed one. */
export function installedPageRoutes(): readonly RegisteredPageRoute[] {
  if (!installed) throw new Error("no page list installed");
  return installed;
}
