import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import type { Locale } from "../i18n/locales.ts";
import { generateLink, type LinkOptions, type LinkParams } from "./links.ts";

/** The root loader's locale prefix, if the page was reached through one. */
export function usePathLocale(): Locale | null {
  const root = useRouteLoaderData<{ pathLocale: Locale | null }>("root");
  return root?.pathLocale ?? null;
}

/** The link generator bound to the page's locale prefix. */
export function useLinks(): (name: string, params?: LinkParams, options?: LinkOptions) => string {
  const pathLocale = usePathLocale();
  return useCallback(
    (name: string, params: LinkParams = {}, options: LinkOptions = {}) => generateLink(name, params, { locale: pathLocale, ...options }),
    [pathLocale],
  );
}
