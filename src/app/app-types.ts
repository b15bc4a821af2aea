/**
 * Fills the platform's open types from the feature list, by declaration
 * merging: `Services` (what loaders and routes receive) and `PageViewer` (the
 * accounts feature's current user). Types only, so the browser bundle carries
 * none of it.
 */
import type { CurrentUser } from "../features/accounts/current-user.ts";
import type { AppServices } from "./features.server.ts";

declare module "../platform/http/load-context.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Services extends AppServices {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PageViewer extends CurrentUser {}
}
