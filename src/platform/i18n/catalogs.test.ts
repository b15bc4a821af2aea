import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { installedPageRoutes } from "../links/route-table.ts";
import { awaitedFeatures } from "../links/route-modules.server.ts";
import { translatedLocales } from "./locales.ts";
import { messagesFor, ownMessages } from "./messages.server.ts";
import { intlFor } from "./translate.ts";

const english = ownMessages().get("en") ?? {};

describe("message catalogs", () => {
  it("has an English source", () => {
    expect(Object.keys(english).length).toBeGreaterThan(100);
  });

  it.each(translatedLocales)("%s has every key English has, and no other", (locale) => {
    const own = ownMessages().get(locale) ?? {};
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(own, key));
    const extra = Object.keys(own).filter((key) => !Object.hasOwn(english, key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("parses every message as ICU MessageFormat", () => {
    for (const [locale, catalog] of ownMessages()) {
      for (const [key, message] of Object.entries(catalog)) {
        expect(() => parse(message), `${locale} ${key}`).not.toThrow();
      }
    }
  });

  it("names every route, and every feature a page still waits for with what it will offer", () => {
    for (const route of installedPageRoutes()) expect(english[`route.${route.name}`], route.name).toBeTruthy();
    for (const feature of awaitedFeatures()) {
      for (const part of ["title", "text", "name"]) expect(english[`coming.${part}.${feature}`], `${part} of ${feature}`).toBeTruthy();
    }
  });

  it("falls back to English for untranslated languages", () => {
    expect(messagesFor("sv")["shell.nav.play"]).toBe(english["shell.nav.play"]);
    expect(messagesFor("de")["shell.nav.play"]).not.toBe(english["shell.nav.play"]);
  });

  it("formats plurals by the locale's rules (French: zero and one are singular)", () => {
    const message = "{count, plural, one {# partie} other {# parties}}";
    const intl = intlFor("fr", { sample: message });
    expect(intl.formatMessage({ id: "sample" }, { count: 0 })).toBe("0 partie");
    expect(intl.formatMessage({ id: "sample" }, { count: 1 })).toBe("1 partie");
    expect(intl.formatMessage({ id: "sample" }, { count: 2 })).toBe("2 parties");
    const englishIntl = intlFor("en", { sample: "{count, plural, one {# game} other {# games}}" });
    expect(englishIntl.formatMessage({ id: "sample" }, { count: 0 })).toBe("0 games");
  });

  it("formats numbers and dates by locale", () => {
    expect(intlFor("de", {}).formatNumber(1234567.5)).toBe("1.234.567,5");
    expect(intlFor("en", {}).formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(intlFor("fr", {}).formatDate(new Date("2026-03-05T12:00:00Z"), { dateStyle: "long", timeZone: "UTC" })).toBe("5 mars 2026");
  });
});
