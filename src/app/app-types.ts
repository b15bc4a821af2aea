/**
 * Fills the platform's open types from the feature list, by declaration
 * merging: `Services` (what loaders and routes receive), `PageViewer` (the
 * accounts feature's current user) and the page list (route names for links). Types only, so the browser bundle carries
 * none of it.
 */
import type { CurrentUser } from "../features/accounts/current-user.ts";
import type { AppServices } from "./features.server.ts";
import type { appPageRoutes } from "./pages.ts";

declare module "../platform/http/load-context.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Services extends AppServices {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PageViewer extends CurrentUser {}
}

declare module "../platform/links/route-table.ts" {
  interface PageRouteRegistry {
    readonly routes: typeof appPageRoutes;
  }
}
