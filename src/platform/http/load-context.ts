import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { Locale } from "../i18n/locales.ts";
import type { MembersService } from "../../features/members/members.service.server.ts";

/**
 * What the server hands every React Router loader: the services (loaders never
 * reach into tables), the feature flags and the message catalogs. Types only:
 * the objects are built once by the server process (src/server/app.server.ts).
 */
export interface Services {
  readonly members: MembersService;
}

export interface KingsideLoadContext {
  readonly services: Services;
  readonly features: FeatureFlags;
  readonly messagesFor: (locale: Locale) => Readonly<Record<string, string>>;
  /** The locale the request's host selects (a language subdomain), if any. */
  readonly hostLocale: Locale | null;
  readonly production: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends KingsideLoadContext {}
}
