import { describe, expect, it } from "vitest";
import { isLocale, localeFromHost, supportedLocales, textDirection, translatedLocales } from "./locales.ts";
import { pathInLocale, resolveRequestLocale } from "./request-locale.ts";

describe("locales", () => {
  it("has about 60 languages including the spec's examples", () => {
    expect(supportedLocales.length).toBeGreaterThanOrEqual(58);
    for (const code of ["es", "fr", "de", "pl", "ru", "sv", "el", "pt", "it", "zh", "ja", "ko", "nl", "pt-BR", "zh-HK", "zh-TW", "fil", "nl-BE"]) {
      expect(isLocale(code)).toBe(true);
    }
    expect(new Set(supportedLocales).size).toBe(supportedLocales.length);
  });

  it("gives every code a valid Intl tag", () => {
    for (const code of supportedLocales) expect(Intl.getCanonicalLocales(code)).toEqual([code]);
  });

  it.each([
    ["schach.kingside.example", "de"],
    ["ru.kingside.example", "ru"],
    ["uk.kingside.example", "uk"],
    ["ajedrez.kingside.example:443", "es"],
    ["fr.kingside.example", "fr"],
    ["scacchi.kingside.example", "it"],
    ["sakk.kingside.example", "hu"],
    ["schaken.kingside.example", "nl"],
    ["szachy.kingside.example", "pl"],
    ["www.kingside.example", null],
    ["localhost:3000", null],
  ])("host %s selects %s", (host, locale) => {
    expect(localeFromHost(host)).toBe(locale);
  });

  it("translates fully the nine subdomain languages", () => {
    expect([...translatedLocales].sort()).toEqual(["de", "es", "fr", "hu", "it", "nl", "pl", "ru", "uk"]);
  });

  it("knows right-to-left scripts", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("he")).toBe("rtl");
    expect(textDirection("de")).toBe("ltr");
  });

  it("lets a path prefix win over the subdomain", () => {
    expect(resolveRequestLocale(new URL("http://x/es/clubs"), "schach.kingside.example")).toEqual({ locale: "es", pathLocale: "es" });
    expect(resolveRequestLocale(new URL("http://x/clubs"), "schach.kingside.example")).toEqual({ locale: "de", pathLocale: null });
    expect(resolveRequestLocale(new URL("http://x/clubs"), "localhost")).toEqual({ locale: "en", pathLocale: null });
  });

  it("moves a path between locales", () => {
    expect(pathInLocale("/es/clubs", "es", "fr")).toBe("/fr/clubs");
    expect(pathInLocale("/es/clubs", "es", "en")).toBe("/clubs");
    expect(pathInLocale("/clubs", null, "de")).toBe("/de/clubs");
    expect(pathInLocale("/", null, "de")).toBe("/de");
    expect(pathInLocale("/de", "de", "en")).toBe("/");
  });
});
