import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { PageViewer } from "../http/load-context.ts";
import type { Locale } from "../i18n/locales.ts";
import type { SerializedWireMessages } from "../i18n/wire-messages.ts";

export type SiteTheme = "dark" | "light" | "system";

/** The theme of a darkMode board option (spec 001 §3.6): dark (true), light (false) or the device's (null: never chosen). */
export function siteThemeOf(darkMode: boolean | null): SiteTheme {
  if (darkMode === null) return "system";
  return darkMode ? "dark" : "light";
}

/** The media of the light theme's stylesheet for a theme: always, by the device's setting, or never. */
export function lightThemeMedia(theme: SiteTheme): string {
  if (theme === "light") return "all";
  return theme === "system" ? "(prefers-color-scheme: light)" : "not all";
}

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
  /** The site theme the page is drawn in: chosen dark or light, or "system" (the device's, by a media query). */
  readonly theme: SiteTheme;
  /** The light theme stylesheet's media for that theme (lightThemeMedia): computed on the server, so the shell carries no code for it. */
  readonly lightThemeMedia: string;
  /**
   * The viewer's board and site theme (board colours, pieces, sounds,
   * background) as one stylesheet, linked from the first byte; null when no
   * feature provides one. Its <link> carries the id below, so that a change
   * can swap it in place.
   */
  readonly themeStylesheet: string | null;
  /** The verify subdomain's origin, where a failed human check goes (spec 001 §2.6); null: this host. */
  readonly verifyOrigin: string | null;
}

/** The id of the theme stylesheet's <link>. */
export const themeStylesheetLinkId = "ks-theme-stylesheet";
