const regionNamesByLocale = new Map<string, Intl.DisplayNames | null>();

/** The runtime's region names in a locale (English behind it), made once per locale: null where the runtime has none. */
export function regionNames(locale: string): Intl.DisplayNames | null {
  const cached = regionNamesByLocale.get(locale);
  if (cached !== undefined) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, "en"], { type: "region", fallback: "code" });
  } catch {
    // An unknown locale tag: callers fall back to the code.
  }
  regionNamesByLocale.set(locale, names);
  return names;
}

/** A region's name in the locale, through Intl.DisplayNames; the code itself if unknown. */
export function localizedRegionName(region: string, locale: string): string {
  try {
    return regionNames(locale)?.of(region) ?? region;
  } catch {
    return region;
  }
}
