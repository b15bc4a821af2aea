import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { resolveRequestLocale } from "./platform/i18n/request-locale.ts";
import { matchPagePath } from "./platform/links/route-patterns.ts";
import { readWireMessages, type SerializedWireMessages } from "./platform/i18n/wire-messages.ts";
import { createIntl, RawIntlProvider, type IntlError, type IntlShape } from "./platform/i18n/intl.tsx";
import { defaultLocale, textDirection } from "./platform/i18n/locales.ts";
import { ErrorPage } from "./platform/shell/error-page.tsx";
import { verifyOriginFor } from "./platform/security/human-check/verify-host.ts";
import { lightThemeMedia, siteThemeOf, themeStylesheetLinkId, type RootData } from "./platform/shell/root-data.ts";
import { SiteShell } from "./platform/shell/site-shell.tsx";
import { preloadSignedInSlots, preloadSignedInSlotsForDocument, signedInDocumentAttribute } from "./platform/shell/signed-in-slots.ts";
import { appShellSlots } from "./app/app-shell-slots.tsx";
import { installAppPageRoutes } from "./app/pages.ts";
import { FeatureFlagsContext } from "./ui/feature-flags-context.tsx";
import "./ui/tokens.css";
import lightTokensHref from "./ui/tokens-light.css?url";
import "./ui/ui.css";
import "./platform/shell/shell.css";

// The features' pages, for the link generator and the path matcher, before any page renders (server and browser).
installAppPageRoutes();

// In the browser: a signed-in page starts loading its signed-in chunk beside the route modules, before hydration needs it.
preloadSignedInSlotsForDocument(appShellSlots.signedIn);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Rendered at once, never suspended: the server has the signed-in slots loaded before it renders such a page.
  if (context.viewer.isLoggedIn && appShellSlots.signedIn) await preloadSignedInSlots(appShellSlots.signedIn);
  const { locale, pathLocale } = resolveRequestLocale(url, request.headers.get("host"));
  const theme = siteThemeOf(context.viewer.boardOptions.darkMode);
  const rootData: RootData = {
    locale,
    pathLocale,
    dir: textDirection(locale),
    messages: context.serializedPageMessagesFor(locale, url.pathname, context.viewer.isLoggedIn),
    features: context.features,
    currentUser: context.viewer,
    csrfToken: context.csrfToken,
    theme,
    lightThemeMedia: lightThemeMedia(theme),
    themeStylesheet: await context.services.themes.stylesheetUrlFor({ id: context.viewer.id, isMember: context.viewer.isMember }),
    verifyOrigin: verifyOriginFor(url.protocol, request.headers.get("host"), context.siteHost),
  };
  return data(rootData);
}

/**
 * A new locale prefix or another page needs another catalog (the catalog is the
 * page module's: two pages of one module share it, and asking again for one is harmless).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const localeOf = (url: URL) => resolveRequestLocale(url, null).pathLocale;
  const pageOf = (url: URL) => matchPagePath(url.pathname)?.route.name ?? null;
  return localeOf(currentUrl) !== localeOf(nextUrl) || pageOf(currentUrl) !== pageOf(nextUrl) || defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? defaultLocale;
  return (
    <html lang={locale} dir={root?.dir ?? "ltr"} data-theme={root?.theme ?? "system"} data-features={enabledFeatures(root?.features)} {...(root?.currentUser.isLoggedIn ? { [signedInDocumentAttribute]: "" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {root?.themeStylesheet ? <link id={themeStylesheetLinkId} rel="stylesheet" href={root.themeStylesheet} /> : null}
        {/* After the other sheets; its media applies the light theme from the first byte (tokens-light.css). */}
        <link rel="stylesheet" href={lightTokensHref} media={root?.lightThemeMedia ?? "not all"} />
      </head>
      <body>
        <RawIntlProvider value={sharedIntl(locale, root?.messages ?? noMessages)}>
          <FeatureFlagsContext.Provider value={root?.features ?? {}}>{children}</FeatureFlagsContext.Provider>
        </RawIntlProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const noMessages = "{}" as SerializedWireMessages;
const intlByCatalog = new WeakMap<object, IntlShape>();

/**
 * One intl object per catalog, shared by every render (a catalog is read once
 * per serialized text, on the server and in the browser alike).
 */
function sharedIntl(locale: string, serialized: SerializedWireMessages): IntlShape {
  const messages = readWireMessages(serialized);
  const cached = intlByCatalog.get(messages);
  if (cached && cached.locale === locale) return cached;
  const intl = createIntl({ locale, defaultLocale, messages, onError: reportMissingMessage });
  intlByCatalog.set(messages, intl);
  return intl;
}

/** The flags that are on, as a space-separated list: readable by scripts, styles and tests. */
function enabledFeatures(features: Readonly<Record<string, boolean>> | undefined): string {
  return Object.entries(features ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(" ");
}

/**
 * Every locale's catalog is complete (English fills the gaps), so a missing
 * message means the page was not sent a key it shows: the key is not named
 * literally in a module the page imports (see message-usage.server.ts).
 * Messages given a default are optional by design.
 */
function reportMissingMessage(error: IntlError): void {
  if (error.code === "MISSING_TRANSLATION" && error.descriptor?.defaultMessage !== undefined) return;
  console.error(error.message);
}

export default function App() {
  return (
    <SiteShell slots={appShellSlots}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell slots={appShellSlots}>
      <ErrorPage status={status} home={appShellSlots.navigation.home} />
    </SiteShell>
  );
}
