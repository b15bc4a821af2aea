import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import type { Locale } from "../i18n/locales.ts";
import { generatePageLink, type LinkGenerator } from "./links.ts";

/** The root loader's locale prefix, if the page was reached through one. */
export function usePathLocale(): Locale | null {
  const root = useRouteLoaderData<{ pathLocale: Locale | null }>("root");
  return root?.pathLocale ?? null;
}

/** The link generator bound to the page's locale prefix. */
export function useLinks(): LinkGenerator {
  const pathLocale = usePathLocale();
  return useCallback<LinkGenerator>(
    (name, ...[params, options]) => generatePageLink(name, params ?? {}, { locale: pathLocale, ...options }),
    [pathLocale],
  );
}
