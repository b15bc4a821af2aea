import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Locale } from "./locales.ts";

/** A formatter outside React (server errors, emails): the same ICU messages. */
const cache = createIntlCache();
const intlByLocale = new Map<string, IntlShape>();

export function intlFor(locale: Locale, messages: Readonly<Record<string, string>>): IntlShape {
  const cacheKey = locale;
  const existing = intlByLocale.get(cacheKey);
  if (existing && existing.messages === messages) return existing;
  const intl = createIntl({ locale, defaultLocale: "en", messages }, cache);
  intlByLocale.set(cacheKey, intl);
  return intl;
}
