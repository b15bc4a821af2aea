import type { Locale } from "../../platform/i18n/locales.ts";
import { englishSiteTexts } from "./site-texts.en.ts";
import type { SiteText } from "./site-text.ts";

export type SiteTextName = keyof typeof englishSiteTexts;

/** The routes whose page is a site text. */
export const siteTextByRoute: Readonly<Record<string, SiteTextName>> = {
  web_about: "about",
  web_community_policies: "policies",
  web_community_guidelines: "guidelines",
  web_help: "help",
};

/** Translations of the site texts, by locale; a locale without one reads English (and the page says so). */
const translatedSiteTexts: Partial<Record<Locale, Readonly<Record<SiteTextName, SiteText>>>> = {};

export function siteText(name: SiteTextName, locale: Locale): { text: SiteText; locale: Locale } {
  const translated = translatedSiteTexts[locale]?.[name];
  return translated ? { text: translated, locale } : { text: englishSiteTexts[name], locale: "en" };
}
