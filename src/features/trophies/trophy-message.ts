/** A trophy's message, as the browser and the server both handle it (no zod: the browser loads this, decision 0028). */

export const TROPHY_MESSAGE_MAX_LENGTH = 400;

/** Angle brackets encoded (spec 001 §4: the trophy message is sent so): the browser does it before sending, the server again for any other client. */
export function encodeAngleBrackets(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The stored message as text to show (React escapes it again). */
export function decodeAngleBrackets(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}
