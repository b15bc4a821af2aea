import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * CSRF tokens (spec 001 §7.7): the XSRF-TOKEN cookie, echoed by the browser as
 * the X-XSRF-TOKEN header or the `_token` field. A token is a random part plus
 * an HMAC binding it to the session (or to "anonymous"), so a token from one
 * session is worthless in another, even if an attacker can plant cookies.
 * Without a session, the binding is the browser's random pre-session id
 * (browser-id.server.ts), never one shared "anonymous" value.
 */
export { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, FRESH_CSRF_HEADER } from "./csrf-names.ts";

function signature(secret: Buffer, random: string, binding: string): string {
  return createHmac("sha256", secret).update(`${random}|${binding}`).digest("base64url");
}

export function issueCsrfToken(secret: Buffer, binding: string): string {
  const random = randomBytes(18).toString("base64url");
  return `${random}.${signature(secret, random, binding)}`;
}

/** Whether a token was issued by us for this binding. */
export function isValidCsrfToken(secret: Buffer, token: string | undefined | null, binding: string | null): boolean {
  if (!token || token.length > 200 || !binding) return false;
  const [random, given, extra] = token.split(".");
  if (!random || !given || extra !== undefined) return false;
  const expected = Buffer.from(signature(secret, random, binding));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The submitted token must be the cookie's token, and valid. */
export function csrfRequestIsValid(secret: Buffer, binding: string | null, cookieToken: string | undefined, submitted: string | undefined): boolean {
  if (!cookieToken || !submitted || cookieToken !== submitted) return false;
  return isValidCsrfToken(secret, submitted, binding);
}
