import { readdirSync, readFileSync } from "node:fs";
import { createIntl } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { describe, expect, it } from "vitest";
import en from "./messages/en.json";

const translatedCatalogs = ["de", "es", "fr", "hu", "it", "nl", "pl", "ru", "uk"].map((locale) => {
  const parsed: unknown = JSON.parse(readFileSync(new URL(`./messages/${locale}.json`, import.meta.url), "utf8"));
  const catalog: Record<string, string> = {};
  if (typeof parsed === "object" && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") catalog[key] = value;
  }
  return { locale, catalog };
});

const folder = new URL("./", import.meta.url);
const sources = readdirSync(folder)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => readFileSync(new URL(file, folder), "utf8"))
  .join("\n");

const catalog: Readonly<Record<string, string>> = en;

describe("UI kit messages", () => {
  it("prefixes every key with ui.", () => {
    expect(Object.keys(catalog).filter((key) => !key.startsWith("ui."))).toEqual([]);
  });

  it("uses every key, and every key it uses exists", () => {
    const used = new Set([...sources.matchAll(/uiMessageId\("([^"]+)"\)/g)].map((match) => match[1]));
    expect(Object.keys(catalog).filter((key) => !used.has(key))).toEqual([]);
    expect([...used].filter((key) => key === undefined || !(key in catalog))).toEqual([]);
  });

  it("holds valid ICU messages", () => {
    const errors: string[] = [];
    const intl = createIntl({ locale: "en", messages: parseMessages(catalog), onError: (error) => errors.push(String(error)) });
    for (const id of Object.keys(catalog)) intl.formatMessage({ id }, { page: 2, count: 3 });
    expect(errors).toEqual([]);
    expect(intl.formatMessage({ id: "ui.pagination.results" }, { count: 1 })).toBe("1 result");
    expect(intl.formatMessage({ id: "ui.pagination.results" }, { count: 1234 })).toBe("1,234 results");
  });

  it.each(translatedCatalogs)(
    "$locale translates every key and no other, as valid ICU",
    ({ locale, catalog: translated }) => {
      expect(Object.keys(translated).sort()).toEqual(Object.keys(catalog).sort());
      const errors: string[] = [];
      const intl = createIntl({ locale, messages: parseMessages(translated), onError: (error) => errors.push(String(error)) });
      for (const id of Object.keys(translated)) intl.formatMessage({ id }, { page: 2, count: 5 });
      expect(errors).toEqual([]);
      expect(intl.formatMessage({ id: "ui.pagination.page" }, { page: 7 })).toContain("7");
    },
  );

  it("has the spec's texts word for word", () => {
    expect(catalog["ui.confirm.areYouSure"]).toBe("Are you sure?");
    expect(catalog["ui.confirm.blockUser"]).toBe("Are you sure you want to block this user?");
    expect(catalog["ui.confirm.removeFriend"]).toBe("Are you sure you want to remove this friend from your list?");
    expect(catalog["ui.countryFlag.sanctionsNotice"]).toBe(
      "Due to the ongoing war and resulting international sanctions, Russian and Belarusian flags will not be shown for players in Verified events.",
    );
    expect(catalog["ui.countryFlag.stanceLink"]).toBe("Click here to see our stance on the war in Ukraine.");
  });
});
