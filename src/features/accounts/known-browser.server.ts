import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CookiePolicy } from "../../platform/http/cookie-policy.ts";

/**
 * "A recognised browser": one that signed in to an account before. It holds a
 * signed, HttpOnly cookie listing the accounts it signed in to (the last few),
 * so the per-account slowdown that an attacker's wrong passwords cause never
 * stops the member at their own browser. The signature makes the list
 * unforgeable; the `__Host-` name in production keeps subdomains from
 * planting one.
 */
const REMEMBERED_ACCOUNTS = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function knownBrowserCookieName(policy: CookiePolicy): string {
  return policy.secure ? "__Host-ks-known" : "ks-known";
}

function signatureOf(secret: Buffer, ids: string): string {
  return createHmac("sha256", secret).update(`known-browser|${ids}`).digest("base64url");
}

/** The account ids this browser signed in to, when its cookie is ours and intact. */
export function recognisedAccounts(secret: Buffer, value: string | undefined): number[] {
  if (!value || value.length > 200) return [];
  const [ids = "", given = ""] = value.split(".");
  if (!/^\d{1,10}(,\d{1,10}){0,9}$/.test(ids)) return [];
  const expected = Buffer.from(signatureOf(secret, ids));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return [];
  return ids.split(",").map(Number);
}

/** Adds `userId` to this browser's recognised accounts (most recent first). */
export function rememberBrowser(request: FastifyRequest, reply: FastifyReply, deps: { secret: Buffer; cookies: CookiePolicy }, userId: number): void {
  const name = knownBrowserCookieName(deps.cookies);
  const ids = [userId, ...recognisedAccounts(deps.secret, request.cookies[name]).filter((id) => id !== userId)].slice(0, REMEMBERED_ACCOUNTS).join(",");
  reply.header("set-cookie", reply.server.serializeCookie(name, `${ids}.${signatureOf(deps.secret, ids)}`, { path: "/", httpOnly: true, sameSite: "lax", secure: deps.cookies.secure, maxAge: ONE_YEAR_SECONDS }));
}
