import { regionNames } from "../../../shared/region-names.ts";
import { internationalCountryCode, isoCountryCodes } from "./countries.ts";

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

/**
 * Every country a member can choose, named in a locale by the runtime's
 * Intl.DisplayNames and sorted by its collation, International first.
 * Isomorphic: the server names the forms' options with it; a page that must
 * not send the list twice names them with it where no server list is at hand.
 */
export function namedCountries(locale: string, internationalName: string): readonly CountryOption[] {
  const names = regionNames(locale);
  const collator = new Intl.Collator(locale);
  const countries = isoCountryCodes.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  return [{ code: internationalCountryCode, name: internationalName }, ...countries];
}
