import { VERIFY_HOST_PREFIX } from "./human-check-limits.ts";

/**
 * The verification subdomain (spec 001 §2.6): every page request to
 * verify.<main host> shows the verification page, and the member goes back to
 * the main host when the check is done.
 */
export function isVerifyHost(host: string | null | undefined, siteHost: string | null = null): boolean {
  if (typeof host !== "string") return false;
  // With a configured site, only verify.<that site> is the verify host: a Host header names no other.
  if (siteHost) return host.toLowerCase() === `${VERIFY_HOST_PREFIX}${siteHost.toLowerCase()}`;
  return host.toLowerCase().startsWith(VERIFY_HOST_PREFIX) && host.length > VERIFY_HOST_PREFIX.length;
}

/** verify.kingside.com[:port] -> kingside.com[:port] (the configured site's host when there is one); null when `host` is not the verify host. */
export function mainHostOf(host: string | null | undefined, siteHost: string | null = null): string | null {
  if (!host || !isVerifyHost(host, siteHost)) return null;
  return siteHost ?? host.slice(VERIFY_HOST_PREFIX.length);
}

/**
 * The origin of the verification subdomain for a page on `host` (spec 001
 * §2.6: a failed check goes to the verification page on the verify
 * subdomain): verify.<site host>, or verify.<this host> without a configured
 * site. Null where no such host can exist, so the page on this host serves:
 * an IP address (verify.127.0.0.1 is no name) or already the verify host.
 */
export function verifyOriginFor(protocol: string, host: string | null | undefined, siteHost: string | null = null): string | null {
  if (!host || isVerifyHost(host, siteHost)) return null;
  const main = siteHost ?? host;
  const name = main.replace(/:\d+$/, "");
  if (/^[\d.]+$/.test(name) || name.startsWith("[")) return null;
  return `${protocol}//${VERIFY_HOST_PREFIX}${main}`;
}
