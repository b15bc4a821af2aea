import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { PageViewer } from "../http/load-context.ts";
import type { Locale } from "../i18n/locales.ts";
import type { SerializedWireMessages } from "../i18n/wire-messages.ts";

/**
 * What the root route's loader gives every page (read with
 * useRouteLoaderData("root")). It lives in the platform so that the shell and
 * the features read it without importing the root module.
 */
export interface RootData {
  readonly locale: Locale;
  readonly pathLocale: Locale | null;
  readonly dir: "ltr" | "rtl";
  /** The messages this page can show, parsed on the server and sent as one JSON text (i18n/wire-messages.ts). */
  readonly messages: SerializedWireMessages;
  readonly features: FeatureFlags;
  /** The signed-in member, or the anonymous default object. */
  readonly currentUser: PageViewer;
  readonly csrfToken: string;
  readonly theme: "dark";
  /** The verify subdomain's origin, where a failed human check goes (spec 001 §2.6); null: this host. */
  readonly verifyOrigin: string | null;
}
