/**
 * Every language the site speaks, in one place. English is the source language;
 * the nine languages with their own subdomain are fully translated for the shell
 * and the UI kit, the others fall back to English message by message.
 */
export const supportedLocales = [
  "en", "es", "fr", "de", "pl", "ru", "sv", "el", "pt", "it",
  "zh", "ja", "ko", "nl", "pt-BR", "zh-HK", "zh-TW", "fil", "nl-BE", "tr",
  "uk", "hu", "cs", "da", "fi", "nb", "ro", "bg", "hr", "sr",
  "sk", "sl", "lt", "lv", "et", "he", "ar", "fa", "hi", "bn",
  "id", "ms", "th", "vi", "ca", "eu", "gl", "af", "sq", "hy",
  "az", "be", "bs", "ka", "is", "ga", "mk", "mn", "sw", "ta",
] as const;

export type Locale = (typeof supportedLocales)[number];

export const defaultLocale: Locale = "en";

/** Languages fully translated for the shell and UI kit (one per language subdomain). */
export const translatedLocales = ["de", "ru", "uk", "es", "fr", "it", "hu", "nl", "pl"] as const satisfies readonly Locale[];
export type TranslatedLocale = (typeof translatedLocales)[number];

/** Language subdomains of the main host and the locale each one selects. */
export const subdomainLocales = {
  schach: "de",
  ru: "ru",
  uk: "uk",
  ajedrez: "es",
  fr: "fr",
  scacchi: "it",
  sakk: "hu",
  schaken: "nl",
  szachy: "pl",
} as const satisfies Record<string, TranslatedLocale>;

const subdomainMap: ReadonlyMap<string, TranslatedLocale> = new Map(Object.entries(subdomainLocales));
const rightToLeft: ReadonlySet<string> = new Set(["he", "ar", "fa"]);
const localeSet: ReadonlySet<string> = new Set(supportedLocales);

export function isLocale(value: string | undefined | null): value is Locale {
  return typeof value === "string" && localeSet.has(value);
}

export function textDirection(locale: Locale): "ltr" | "rtl" {
  return rightToLeft.has(locale) ? "rtl" : "ltr";
}

/** The locale a host name selects: a language subdomain, or none. */
export function localeFromHost(host: string | undefined | null): Locale | null {
  if (!host) return null;
  const label = host.split(":")[0]?.split(".")[0]?.toLowerCase() ?? "";
  return subdomainMap.get(label) ?? null;
}

/** The BCP 47 tag Intl expects (our codes already are tags). */
export function intlTag(locale: Locale): string {
  return locale;
}

/** Native names for the language picker. */
export function nativeLanguageName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}
