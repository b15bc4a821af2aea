import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { Locale } from "../i18n/locales.ts";
import type { SerializedWireMessages } from "../i18n/wire-messages.ts";

/**
 * Every feature's services, by name. Empty here on purpose: the composition
 * root (src/app/app-types.ts) merges in the services of the feature list, so
 * the platform names no feature and a feature added to the list is typed
 * everywhere at once.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

/** What the shell itself reads of the person asking: enough for the navigation and the sign-out form. */
export interface ShellViewer {
  readonly isLoggedIn: boolean;
  readonly isMember: boolean;
  readonly isGuest: boolean;
  readonly isModerator: boolean;
  readonly id: number | null;
  readonly username: string;
}

/**
 * The person asking, as pages see it. The composition root merges in the
 * accounts feature's current user (spec 001 §3.5), which has every field above.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PageViewer extends ShellViewer {}

/** Who asks for a page and the CSRF token valid for their session. */
export interface PageRequestIdentity {
  readonly viewer: PageViewer;
  /** Forms embed it as _token. */
  readonly csrfToken: string;
}

/**
 * What the server hands every React Router loader: the services (loaders never
 * reach into tables), the feature flags and the message catalogs. The services
 * are the same objects the JSON routes use, built once by the composition root.
 * A type alias, not an interface: React Router's AppLoadContext has an index
 * signature, which only object type aliases satisfy implicitly.
 */
export type KingsideLoadContext = {
  readonly services: Services;
  readonly features: FeatureFlags;
  readonly messagesFor: (locale: Locale) => Readonly<Record<string, string>>;
  /** The messages the page at this path is sent: those its module (or the 404 page's) and the shell can show. */
  readonly serializedPageMessagesFor: (locale: Locale, pathname: string, signedIn: boolean) => SerializedWireMessages;
  readonly production: boolean;
  /** The configured site's host (SITE_URL), or null in development, where the request's Host is believed. */
  readonly siteHost: string | null;
  /** Who is asking: the signed-in member, or the anonymous default object. */
  readonly viewer: PageViewer;
  /** The CSRF token valid for this request's session; forms embed it as _token. */
  readonly csrfToken: string;
  /** This page's Content-Security-Policy nonce: entry.server puts it on every inline script. */
  readonly cspNonce: string;
};

declare module "react-router" {
  // Declaration merging needs an interface; it adds no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends KingsideLoadContext {}
}
