import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Which message keys a page can show: the keys named by the modules it
 * imports, followed through relative imports from the page's module (and
 * from root.tsx, whose shell is on every page). A key counts when a string
 * literal equals it; a literal that ends in "." (or a template literal's
 * static head, `route.${name}`) names every key it begins. Keys that only
 * exist as data built elsewhere are not found: keep key names literal in the
 * code that shows them (decision 0029).
 *
 * A module whose comments carry the tag `@signedInOnly` (the signed-in shell
 * slots, decision 0035) is not followed for a visitor who is not signed in:
 * its messages stay off an anonymous page's HTML.
 *
 * The server reads its own sources at run time (tsx), so this runs once per
 * page module when first rendered and is cached.
 */

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
/** `import type … from` and `export type … from`: no code comes in, so no message can be shown through them. */
const typeOnlyImportPattern = /^\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*["'][^"']+["'];?/gm;
const literalPattern = /["'`]([A-Za-z_][\w-]*(?:\.[\w-]+)*\.?)(["'`]|\$\{)/g;

interface ModuleFacts {
  /** Tagged `@signedInOnly`: shown to signed-in visitors only. */
  readonly signedInOnly: boolean;
  readonly imports: readonly string[];
  readonly literals: readonly string[];
  readonly prefixes: readonly string[];
}

const factsCache = new Map<string, ModuleFacts>();

function moduleFacts(file: string): ModuleFacts {
  const cached = factsCache.get(file);
  if (cached) return cached;
  let source = "";
  try {
    source = readFileSync(file, "utf8");
  } catch {
    // A built-in or generated module (e.g. ./+types/...): nothing to read.
  }
  const imports = [...source.replace(typeOnlyImportPattern, "").matchAll(importPattern)].map((match) => resolve(dirname(file), match[1] ?? ""));
  const literals: string[] = [];
  const prefixes: string[] = [];
  for (const match of source.matchAll(literalPattern)) {
    const text = match[1] ?? "";
    if (!text.includes(".")) continue;
    if (match[2] === "${" || text.endsWith(".")) prefixes.push(text);
    else literals.push(text);
  }
  const facts = { signedInOnly: source.includes("@signedInOnly"), imports, literals, prefixes };
  factsCache.set(file, facts);
  return facts;
}

export interface MessageUsageOptions {
  /** Whether the visitor is signed in; when not, `@signedInOnly` modules are not followed. Default true. */
  readonly signedIn?: boolean;
}

/** Every module reachable from the entries through relative imports. */
function closure(entries: readonly string[], { signedIn = true }: MessageUsageOptions): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    if (!signedIn && moduleFacts(file).signedInOnly) continue;
    seen.add(file);
    for (const next of moduleFacts(file).imports) if (!seen.has(next)) queue.push(next);
  }
  return seen;
}

/** The catalog keys that the entry modules and everything they import can name. */
export function messageKeysUsedBy(entries: readonly string[], catalogKeys: readonly string[], options: MessageUsageOptions = {}): Set<string> {
  const known = new Set(catalogKeys);
  const used = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of closure(entries, options)) {
    const facts = moduleFacts(file);
    for (const literal of facts.literals) if (known.has(literal)) used.add(literal);
    for (const prefix of facts.prefixes) prefixes.add(prefix);
  }
  if (prefixes.size > 0) {
    for (const key of catalogKeys) {
      for (const prefix of prefixes) {
        if (key.startsWith(prefix)) {
          used.add(key);
          break;
        }
      }
    }
  }
  return used;
}
