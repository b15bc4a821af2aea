import { VERIFY_HOST_PREFIX } from "./human-check-limits.ts";

/**
 * The verification subdomain (spec 001 §2.6): every page request to
 * verify.<main host> shows the verification page, and the member goes back to
 * the main host when the check is done.
 */
export function isVerifyHost(host: string | null | undefined): boolean {
  return typeof host === "string" && host.toLowerCase().startsWith(VERIFY_HOST_PREFIX) && host.length > VERIFY_HOST_PREFIX.length;
}

/** verify.kingside.com[:port] -> kingside.com[:port]; null when `host` is not the verify host. */
export function mainHostOf(host: string | null | undefined): string | null {
  if (!host || !isVerifyHost(host)) return null;
  return host.slice(VERIFY_HOST_PREFIX.length);
}
