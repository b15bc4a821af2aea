import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * Messages as a page receives them: already parsed on the server, so the
 * browser needs no ICU parser (issue 10 item 6; the client bundle aliases
 * the parser away, see vite.config.ts). A message that is plain text travels
 * as its text; anything with arguments, plurals or tags travels as its AST.
 */
export type WireMessages = Readonly<Record<string, string | readonly MessageFormatElement[]>>;

/**
 * A page's WireMessages as one JSON text, the form the root loader sends them
 * in: React Router's turbo-stream encodes every value of the loader data on
 * every request, and a catalog is hundreds of strings and AST nodes, while
 * one string is one value (decision 0038). Made once per catalog on the
 * server; read once per catalog on each side by `readWireMessages`.
 */
export type SerializedWireMessages = string & { readonly __serializedWireMessages: true };

export function serializeWireMessages(messages: WireMessages): SerializedWireMessages {
  return JSON.stringify(messages) as SerializedWireMessages;
}

const readCatalogs = new Map<string, WireMessages>();
/**
 * The server reads each catalog it serves once and keeps it (there is one per
 * locale, page module and kind of viewer); a browser tab keeps the last few.
 */
const READ_CATALOGS_KEPT = 64;

export function readWireMessages(serialized: SerializedWireMessages): WireMessages {
  const cached = readCatalogs.get(serialized);
  if (cached) return cached;
  if (readCatalogs.size >= READ_CATALOGS_KEPT && typeof window !== "undefined") readCatalogs.clear();
  const messages = Object.freeze(JSON.parse(serialized) as WireMessages);
  readCatalogs.set(serialized, messages);
  return messages;
}
