import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { WireMessages } from "./wire-messages.ts";

/**
 * ICU source text to what intl.tsx formats (server and tests only: the
 * browser build has no parser, see vite.config.ts). Plain text stays a string;
 * anything with arguments, plurals or tags becomes its AST.
 */
export function wireMessage(message: string): WireMessages[string] {
  const ast = parse(message);
  const only = ast[0];
  if (ast.length === 0) return "";
  if (ast.length === 1 && only && only.type === TYPE.literal) return only.value;
  return ast;
}

const parsedCatalogs = new WeakMap<object, WireMessages>();

/** A whole catalog of ICU source texts, parsed once per catalog object. */
export function parseMessages(catalog: Readonly<Record<string, string>>): WireMessages {
  const cached = parsedCatalogs.get(catalog);
  if (cached) return cached;
  const parsed: Record<string, WireMessages[string]> = {};
  for (const [key, message] of Object.entries(catalog)) parsed[key] = wireMessage(message);
  const frozen = Object.freeze(parsed);
  parsedCatalogs.set(catalog, frozen);
  return frozen;
}
