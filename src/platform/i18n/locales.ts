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

/**
 * Each language's name in its own language, for the language picker. A fixed
 * table rather than Intl.DisplayNames: the server's and the browser's ICU data
 * differ, and the server-rendered text must match what the client hydrates.
 */
const nativeNames: Readonly<Record<Locale, string>> = {
  en: "English", es: "Español", fr: "Français", de: "Deutsch", pl: "Polski", ru: "Русский", sv: "Svenska",
  el: "Ελληνικά", pt: "Português", it: "Italiano", zh: "简体中文", ja: "日本語", ko: "한국어", nl: "Nederlands",
  "pt-BR": "Português (Brasil)", "zh-HK": "繁體中文（香港）", "zh-TW": "繁體中文（台灣）", fil: "Filipino",
  "nl-BE": "Nederlands (België)", tr: "Türkçe", uk: "Українська", hu: "Magyar", cs: "Čeština", da: "Dansk",
  fi: "Suomi", nb: "Norsk bokmål", ro: "Română", bg: "Български", hr: "Hrvatski", sr: "Српски", sk: "Slovenčina",
  sl: "Slovenščina", lt: "Lietuvių", lv: "Latviešu", et: "Eesti", he: "עברית", ar: "العربية", fa: "فارسی",
  hi: "हिन्दी", bn: "বাংলা", id: "Bahasa Indonesia", ms: "Bahasa Melayu", th: "ไทย", vi: "Tiếng Việt",
  ca: "Català", eu: "Euskara", gl: "Galego", af: "Afrikaans", sq: "Shqip", hy: "Հայերեն", az: "Azərbaycanca",
  be: "Беларуская", bs: "Bosanski", ka: "ქართული", is: "Íslenska", ga: "Gaeilge", mk: "Македонски",
  mn: "Монгол", sw: "Kiswahili", ta: "தமிழ்",
};

export function nativeLanguageName(locale: Locale): string {
  return nativeNames[locale];
}
