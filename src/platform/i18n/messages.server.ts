import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { appRoot } from "../app-root.server.ts";
import { defaultLocale, isLocale, type Locale } from "./locales.ts";
import { messageKeysUsedBy } from "./message-usage.server.ts";
import { routeModuleOf } from "../links/route-modules.server.ts";
import { matchPagePath } from "../links/route-patterns.ts";
import { serializeWireMessages, type SerializedWireMessages, type WireMessages } from "./wire-messages.ts";
import { wireMessage } from "./parse-messages.ts";

/**
 * Message catalogs live beside the code they translate, as
 * src/<area>/messages/<locale>.json. English is the source: every other
 * locale is English overlaid with whatever that locale has translated.
 */
export type MessageCatalog = Readonly<Record<string, string>>;

const sourceRoot = join(appRoot, "src");

function catalogFiles(): { locale: Locale; file: string }[] {
  return readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
    .filter((path) => /(^|[\\/])messages[\\/][\w-]+\.json$/.test(path))
    .flatMap((path) => {
      const locale = basename(path, ".json");
      return isLocale(locale) ? [{ locale, file: join(sourceRoot, path) }] : [];
    });
}

let rawCatalogs: Map<Locale, Record<string, string>> | null = null;

/** Each locale's own keys, without the English fallback (the catalog tests read these). */
export function ownMessages(): ReadonlyMap<Locale, Readonly<Record<string, string>>> {
  if (rawCatalogs) return rawCatalogs;
  const catalogs = new Map<Locale, Record<string, string>>();
  for (const { locale, file } of catalogFiles()) {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof parsed !== "object" || parsed === null) throw new Error(`${file} is not a message catalog.`);
    const catalog = catalogs.get(locale) ?? {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== "string") throw new Error(`${file}: "${key}" is not a string.`);
      if (Object.hasOwn(catalog, key)) throw new Error(`${file}: "${key}" is defined twice.`);
      catalog[key] = value;
    }
    catalogs.set(locale, catalog);
  }
  rawCatalogs = catalogs;
  return catalogs;
}

const mergedCache = new Map<Locale, MessageCatalog>();

/** The full catalog for a locale: English, overlaid with the locale's translations. */
export function messagesFor(locale: Locale): MessageCatalog {
  const cached = mergedCache.get(locale);
  if (cached) return cached;
  const english = ownMessages().get(defaultLocale) ?? {};
  const merged = Object.freeze({ ...english, ...(ownMessages().get(locale) ?? {}) });
  mergedCache.set(locale, merged);
  return merged;
}

const rootModule = join(sourceRoot, "root.tsx");
const notFoundModule = "platform/pages/not-found-page.tsx";
const pageCatalogs = new Map<string, WireMessages>();

/**
 * The messages a page is sent: those its own module and the shell (root.tsx)
 * can show, found by `messageKeysUsedBy`, rather than the whole catalog
 * (issue 10 item 6). `pageModule` is the route table's file for the page
 * (relative to src), null for a path no page matches. A visitor who is not
 * signed in is not sent the signed-in shell's messages (`@signedInOnly`).
 */
export function pageMessagesFor(locale: Locale, pageModule: string | null, signedIn = true): WireMessages {
  const cacheKey = `${locale} ${pageModule ?? notFoundModule} ${signedIn ? "member" : "visitor"}`;
  const cached = pageCatalogs.get(cacheKey);
  if (cached) return cached;
  const full = messagesFor(locale);
  const keys = messageKeysUsedBy([rootModule, join(sourceRoot, pageModule ?? notFoundModule)], Object.keys(full), { signedIn });
  const catalog: Record<string, WireMessages[string]> = {};
  for (const key of keys) catalog[key] = wireMessage(full[key] ?? key);
  const frozen = Object.freeze(catalog);
  pageCatalogs.set(cacheKey, frozen);
  return frozen;
}

const serializedPageCatalogs = new WeakMap<WireMessages, SerializedWireMessages>();

/** The messages of the page at a path (its module's, by the route table), as the root loader sends them: serialized once per catalog. */
export function serializedPageMessagesFor(locale: Locale, pathname: string, signedIn = true): SerializedWireMessages {
  const route = matchPagePath(pathname)?.route;
  const catalog = pageMessagesFor(locale, route ? routeModuleOf(route.name).file : null, signedIn);
  const cached = serializedPageCatalogs.get(catalog);
  if (cached) return cached;
  const serialized = serializeWireMessages(catalog);
  serializedPageCatalogs.set(catalog, serialized);
  return serialized;
}
