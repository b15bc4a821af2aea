import type { Locale } from "../../platform/i18n/locales.ts";
import { englishSiteTexts } from "./site-texts.en.ts";

/** One long-text page: a lead paragraph and sections with an anchor id, paragraphs and an optional list. */
export interface SiteText {
  readonly lead: string;
  readonly sections: readonly {
    readonly id: string;
    readonly heading: string;
    readonly paragraphs?: readonly string[];
    readonly list?: readonly string[];
    /** What is not built yet, said as such (marked on the page so the tests of its claims can tell it apart). */
    readonly coming?: string;
  }[];
}

export type SiteTextName = keyof typeof englishSiteTexts;

/** The routes whose page is a site text. */
export const siteTextByRoute: Readonly<Record<string, SiteTextName>> = {
  web_about: "about",
  web_community_policies: "policies",
  web_community_guidelines: "guidelines",
};

/** Translations of the site texts, by locale; a locale without one reads English (and the page says so). */
const translatedSiteTexts: Partial<Record<Locale, Readonly<Record<SiteTextName, SiteText>>>> = {};

export function siteText(name: SiteTextName, locale: Locale): { text: SiteText; locale: Locale } {
  const translated = translatedSiteTexts[locale]?.[name];
  return translated ? { text: translated, locale } : { text: englishSiteTexts[name], locale: "en" };
}
