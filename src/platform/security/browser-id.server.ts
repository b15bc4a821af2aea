import { randomBytes } from "node:crypto";
import type { CookiePolicy } from "../http/cookie-policy.ts";

/**
 * A random id per browser, before any session: anonymous CSRF tokens are bound
 * to it, so a token an attacker obtained (or planted) is worthless in another
 * browser. In production it is a `__Host-` cookie (Secure, path /, no Domain),
 * which a sibling subdomain cannot set or overwrite; over plain http in
 * development browsers refuse that prefix, so the name is plain there.
 */
export function browserIdCookieName(policy: CookiePolicy): string {
  return policy.secure ? "__Host-ks-browser" : "ks-browser";
}

const BROWSER_ID = /^[A-Za-z0-9_-]{32}$/;

export function isBrowserId(value: string | undefined): value is string {
  return typeof value === "string" && BROWSER_ID.test(value);
}

export function newBrowserId(): string {
  return randomBytes(24).toString("base64url");
}

export function browserIdCookieOptions(policy: CookiePolicy) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: policy.secure };
}

/** What an anonymous CSRF token is bound to. */
export function anonymousCsrfBinding(browserId: string): string {
  return `browser:${browserId}`;
}
