import type { Locale } from "../../../platform/i18n/locales.ts";
import { regionNames } from "../../../shared/region-names.ts";
import { internationalCountryCode, isoCountryCodes } from "./countries.ts";

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

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
  const names = regionNames(locale);
  const collator = new Intl.Collator(locale);
  const countries = isoCountryCodes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
  const options: readonly CountryOption[] = Object.freeze([{ code: internationalCountryCode, name: internationalName }, ...countries]);
  optionsByLocale.set(cacheKey, options);
  return options;
}
