import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * Messages as a page receives them: already parsed on the server, so the
 * browser needs no ICU parser (issue 10 item 6; the client bundle aliases
 * the parser away, see vite.config.ts). A message that is plain text travels
 * as its text; anything with arguments, plurals or tags travels as its AST.
 */
export type WireMessages = Readonly<Record<string, string | readonly MessageFormatElement[]>>;
