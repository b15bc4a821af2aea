/**
 * Fills the platform's open types from the feature list, by declaration
 * merging: `Services` (what loaders and routes receive), `PageViewer` (the
 * accounts feature's current user), the page list (route names for links)
 * and the socket commands (names, inputs, answers and refusals, read off
 * every feature's definitions). Types only, so the browser bundle carries
 * none of it.
 */
import type { SocketCommandsOf } from "../platform/composition/feature-definition.server.ts";
import type { CommandMapOf } from "../platform/realtime/socket-commands.ts";
import type { CurrentUser } from "../features/accounts/current-user.ts";
import type { AppServices, appFeatures } from "./features.server.ts";
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

declare module "../platform/realtime/socket-commands.ts" {
  interface SocketCommandRegistry {
    readonly commands: CommandMapOf<SocketCommandsOf<typeof appFeatures>>;
  }
}
