import type { Locale } from "../../../platform/i18n/locales.ts";
import { namedCountries, type CountryOption } from "./country-names.ts";

export type { CountryOption } from "./country-names.ts";

const optionsByLocale = new Map<string, readonly CountryOption[]>();

/**
 * The country select's options, named in the page's language by the server's
 * Intl.DisplayNames and sorted by its collation. Only the server computes the
 * names: they travel as loader data, so the browser's ICU data can never make
 * the hydrated text differ from the server's.
 */
export function countryOptions(locale: Locale, internationalName: string): readonly CountryOption[] {
  const cacheKey = `${locale}\u0000${internationalName}`;
  const cached = optionsByLocale.get(cacheKey);
  if (cached) return cached;
  const options = Object.freeze(namedCountries(locale, internationalName));
  optionsByLocale.set(cacheKey, options);
  return options;
}
