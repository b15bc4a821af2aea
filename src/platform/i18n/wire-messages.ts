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

/** Each text read once: the server serves one per locale, page module and kind of viewer; a browser tab sees one per page it visits. */
const readCatalogs = new Map<string, WireMessages>();

export function readWireMessages(serialized: SerializedWireMessages): WireMessages {
  let messages = readCatalogs.get(serialized);
  if (!messages) {
    const parsed: unknown = JSON.parse(serialized);
    if (!isWireMessages(parsed)) throw new Error("The page's messages are not a message catalog.");
    messages = parsed;
    readCatalogs.set(serialized, messages);
  }
  return messages;
}

/** A catalog's shape, checked once per text: each message is its text or its AST (an array). No zod: this runs in the browser. */
function isWireMessages(value: unknown): value is WireMessages {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((message) => typeof message === "string" || Array.isArray(message));
}
