import { namedCountries, type CountryOption } from "../../accounts/registration/country-names.ts";

/** The class of the board's country form, whose server-rendered options the browser reads back. */
export const COUNTRY_FORM_CLASS = "ks-leaderboard-country";

const choicesByLocale = new Map<string, readonly CountryOption[]>();

/** The options of the server-rendered select in this document, the "any country" choice left out. */
function choicesInDocument(): readonly CountryOption[] | null {
  const select = document.querySelector<HTMLSelectElement>(`form.${COUNTRY_FORM_CLASS} select[name="country"]`);
  if (!select) return null;
  return [...select.options].filter((option) => option.value !== "").map((option) => ({ code: option.value, name: option.text }));
}

/**
 * The board's country choices, sent once (issue 23: as <option>s and again
 * in the loader data they cost 2 KB of a page's 20). The server names them;
 * the browser reads the names back from the options the server rendered, so
 * hydration sees the same text whatever its own ICU data says. A board
 * reached by client-side navigation, with no such select in the document
 * yet, names them with the browser's Intl. Kept per locale for the page's life.
 */
export function countryChoices(locale: string, internationalName: string): readonly CountryOption[] {
  const cached = choicesByLocale.get(locale);
  if (cached) return cached;
  const choices = (typeof document === "undefined" ? null : choicesInDocument()) ?? namedCountries(locale, internationalName);
  choicesByLocale.set(locale, choices);
  return choices;
}
