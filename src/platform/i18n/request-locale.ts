import { defaultLocale, isLocale, localeFromHost, type Locale } from "./locales.ts";

export interface RequestLocale {
  readonly locale: Locale;
  /** The locale named in the path (/es/...): links on the page keep that prefix. */
  readonly pathLocale: Locale | null;
}

/** A path prefix wins over a language subdomain, which wins over English. */
export function resolveRequestLocale(url: URL, host: string | null): RequestLocale {
  const firstSegment = /^\/([^/]+)/.exec(url.pathname)?.[1];
  const pathLocale = isLocale(firstSegment) ? firstSegment : null;
  return { locale: pathLocale ?? localeFromHost(host) ?? defaultLocale, pathLocale };
}

/** The same path in another locale: /es/clubs -> /fr/clubs, /clubs -> /de/clubs. */
export function pathInLocale(pathname: string, pathLocale: Locale | null, target: Locale): string {
  const bare = pathLocale ? pathname.slice(pathLocale.length + 1) || "/" : pathname;
  if (target === defaultLocale) return bare;
  return bare === "/" ? `/${target}` : `/${target}${bare}`;
}
