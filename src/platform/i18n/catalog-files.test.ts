import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { parseMessages } from "./parse-messages.ts";

/**
 * Checks each catalog file against the English file beside it, rather than the
 * merged per-locale catalogs catalogs.test.ts reads: a locale file must hold
 * English's keys, the same placeholders and tags in each message, and must not
 * be a copy of English (issue 11: the clubs shipped English text as German,
 * Russian, ... and nothing noticed).
 */

const sourceRoot = fileURLToPath(new URL("../..", import.meta.url));

type Catalog = Record<string, string>;

function readCatalog(file: string): Catalog {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null) throw new Error(`${file} is not a message catalog.`);
  const catalog: Catalog = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new Error(`${file}: "${key}" is not a string.`);
    catalog[key] = value;
  }
  return catalog;
}

/** Every folder of catalogs, each with its English file and the other locales' files. */
const catalogFolders = [
  ...new Set(
    readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
      .filter((path) => /(^|[\\/])messages[\\/]en\.json$/.test(path))
      .map((path) => dirname(join(sourceRoot, path))),
  ),
]
  .sort()
  .map((folder) => ({
    folder: relative(sourceRoot, folder),
    english: readCatalog(join(folder, "en.json")),
    locales: readdirSync(folder)
      .filter((file) => file.endsWith(".json") && file !== "en.json")
      .map((file) => ({ locale: file.replace(/\.json$/, ""), catalog: readCatalog(join(folder, file)) })),
  }));

const localeFiles = catalogFolders.flatMap(({ folder, english, locales }) =>
  locales.map(({ locale, catalog }) => ({ name: `${folder}/${locale}.json`, locale, english, catalog })),
);

/** The names of a message's arguments and tags ("count", "<b>"), however deeply nested in plurals and selects. */
function placeholders(elements: readonly MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(element.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        found.add(element.value);
        for (const option of Object.values(element.options)) placeholders(option.value, found);
        break;
      case TYPE.tag:
        found.add(`<${element.value}>`);
        placeholders(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

function placeholdersOf(message: string): string[] {
  const wire = parseMessages({ message })["message"];
  return typeof wire === "string" || wire === undefined ? [] : [...placeholders(wire)].sort();
}

/**
 * Whether a message is the same in every language: no word of three letters
 * or more once placeholders are set aside ("{count} / {max}", "{minutes}+{increment}"),
 * or a short token such as "Elo", "PGN", "OK".
 */
function needsNoTranslation(message: string): boolean {
  const text = message.replace(/\{[^{}]*\}/g, " ").trim();
  return !/\p{L}{3,}/u.test(text) || /^[\p{Lu}\d]{1,4}$/u.test(text) || text.length <= 3;
}

/** A catalog more than this share of whose translatable messages are English word for word is an English copy. */
const englishCopyLimit = 0.5;

describe("catalog files", () => {
  it("finds the catalogs, the clubs' among them", () => {
    const folders = catalogFolders.map(({ folder }) => folder.replaceAll("\\", "/"));
    expect(folders).toEqual(expect.arrayContaining(["features/clubs/messages", "features/clubs/chat/messages", "features/clubs/events/messages"]));
    expect(localeFiles.length).toBeGreaterThan(250);
  });

  it.each(localeFiles)("$name has exactly English's keys", ({ english, catalog }) => {
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(catalog, key));
    const extra = Object.keys(catalog).filter((key) => !Object.hasOwn(english, key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(localeFiles)("$name parses, with English's placeholders and tags in every message", ({ english, catalog }) => {
    const differing = Object.entries(catalog).flatMap(([key, message]) => {
      const source = english[key];
      if (source === undefined) return [];
      const own = placeholdersOf(message);
      const expected = placeholdersOf(source);
      return own.join() === expected.join() ? [] : [{ key, own, expected }];
    });
    expect(differing).toEqual([]);
  });

  it.each(localeFiles)("$name is translated, not a copy of English", ({ english, catalog }) => {
    const translatable = Object.keys(english).filter((key) => !needsNoTranslation(english[key] ?? ""));
    const copied = translatable.filter((key) => catalog[key] === english[key]);
    expect(copied.length, `copied from English: ${copied.join(", ")}`).toBeLessThanOrEqual(translatable.length * englishCopyLimit);
  });

  it("tells placeholders apart however they are nested, and spots an English copy", () => {
    expect(placeholdersOf("{count, plural, one {# game with <b>{name}</b>} other {# games}}")).toEqual(["<b>", "count", "name"]);
    expect(placeholdersOf("{n, select, a {{x, number}} other {}}")).toEqual(["n", "x"]);
    expect(placeholdersOf("Plain text")).toEqual([]);
    expect(needsNoTranslation("{count} / {max}")).toBe(true);
    expect(needsNoTranslation("PGN")).toBe(true);
    expect(needsNoTranslation("Elo")).toBe(true);
    expect(needsNoTranslation("Back to the club")).toBe(false);
  });
});
