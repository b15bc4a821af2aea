import { createIntl, type IntlShape } from "./intl.tsx";
import type { Locale } from "./locales.ts";
import { parseMessages } from "./parse-messages.ts";

/** A formatter outside React (server errors, emails): the same ICU messages, formatted as pages format them. */
const intlByLocale = new Map<string, { catalog: object; intl: IntlShape }>();

export function intlFor(locale: Locale, messages: Readonly<Record<string, string>>): IntlShape {
  const existing = intlByLocale.get(locale);
  if (existing && existing.catalog === messages) return existing.intl;
  const intl = createIntl({ locale, defaultLocale: "en", messages: parseMessages(messages) });
  intlByLocale.set(locale, { catalog: messages, intl });
  return intl;
}
