import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * Messages as a page receives them: already parsed on the server, so the
 * browser needs no ICU parser (issue 10 item 6; the client bundle aliases
 * the parser away, see vite.config.ts). A message that is plain text travels
 * as its text; anything with arguments, plurals or tags travels as its AST.
 */
export type WireMessages = Readonly<Record<string, string | readonly MessageFormatElement[]>>;

/** What react-intl formats: every message as an AST (a plain text is one literal). */
export type ParsedMessages = Record<string, MessageFormatElement[]>;

export function parsedMessages(wire: WireMessages): ParsedMessages {
  const parsed: ParsedMessages = {};
  for (const [key, message] of Object.entries(wire)) {
    parsed[key] = typeof message === "string" ? [{ type: TYPE.literal, value: message }] : (message as MessageFormatElement[]);
  }
  return parsed;
}
