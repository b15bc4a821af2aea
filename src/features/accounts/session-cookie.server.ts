import type { FastifyReply } from "fastify";
import type { CookiePolicy } from "../../platform/http/cookie-policy.ts";
import { setCookieHeader } from "../../platform/http/set-cookie.server.ts";

/**
 * The session cookie, under one name for every reader and writer: sign-in and
 * registration set it, sign-out and closing the account clear it, the viewer
 * hook reads it (for pages, JSON routes and socket upgrades alike) and the
 * settings page finds the current session by it. In production it is a
 * `__Host-` cookie (Secure, Path=/, no Domain): a sibling subdomain can
 * neither set nor overwrite it, so cannot plant a session of its choosing, and
 * a cookie under the plain name is never read there. Over plain http in
 * development browsers refuse the prefix, so the name is plain there (as for
 * the browser-id cookie).
 */
export function sessionCookieName(policy: CookiePolicy): string {
  return policy.secure ? "__Host-ks_session" : "ks_session";
}

function sessionCookieOptions(policy: CookiePolicy, expiresAt: Date | null) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: policy.secure, ...(expiresAt ? { expires: expiresAt } : {}) };
}

/** The session's cookie: until `expiresAt` ("remember me"), or until the browser closes (null). */
export function setSessionCookie(reply: FastifyReply, policy: CookiePolicy, token: string, expiresAt: Date | null): void {
  setCookieHeader(reply, sessionCookieName(policy), token, sessionCookieOptions(policy, expiresAt));
}

/** Ends the cookie with the attributes it was set with: browsers ignore a `__Host-` Set-Cookie without Secure and Path=/. */
export function clearSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  setCookieHeader(reply, sessionCookieName(policy), "", { ...sessionCookieOptions(policy, new Date(0)), maxAge: 0 });
}
