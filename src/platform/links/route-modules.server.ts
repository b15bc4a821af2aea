import type { PageRouteName } from "./route-table.ts";

/**
 * Which module renders each page of the route table: what the server
 * (routes.ts, the page handlers, the message catalogs, the placeholder page)
 * needs and the browser does not, kept off the client bundle (decision 0038).
 * Each feature declares its pages' modules beside its page list
 * (`<feature>.page-modules.server.ts`); the composition root assembles them
 * (src/app/pages.server.ts, whose type asks for every route name) and
 * installs them here (decision 0048).
 *
 * A page whose feature is not built yet is marked `coming` with the feature it
 * waits for: it is served by the placeholder page, which says that feature is
 * coming. The marks are the one record of what is not built (decision 0043).
 */
export interface RouteModule {
  /** The route module, relative to src/. */
  readonly file: string;
  /** Not built yet: the feature this page waits for (served by the placeholder page). */
  readonly coming?: string;
}

export type RouteModules = Readonly<Record<PageRouteName, RouteModule>>;

/** The placeholder page: the route's heading and what is coming there. */
export const placeholderPage = "platform/pages/feature-page.tsx";

/** A page served by the placeholder until the feature it waits for is built. */
export function comingPage(coming: string): RouteModule {
  return { file: placeholderPage, coming };
}

let installed: RouteModules | null = null;

/** Installs the application's page modules (the composition root, at start and in routes.ts). */
export function installRouteModules(modules: RouteModules): void {
  if (installed !== null && installed !== modules) throw new Error("other page modules are already installed");
  installed = modules;
}

/** The module of a page of the installed table. */
export function routeModuleOf(name: PageRouteName): RouteModule {
  if (installed === null) throw new Error("no page modules are installed: the composition root (src/app/pages.server.ts) installs them at start");
  const module: RouteModule | undefined = installed[name];
  if (module === undefined) throw new Error(`the page "${name}" has no module`);
  return module;
}

/** The features some page still waits for, in the order the table first names them: what is not built today. */
export function awaitedFeatures(): string[] {
  if (installed === null) throw new Error("no page modules are installed");
  return [...new Set(Object.values(installed).flatMap((module) => (module.coming ? [module.coming] : [])))];
}
