import { randomBytes } from "node:crypto";

/** A fresh nonce per page: 128 random bits, as CSP asks for. */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The page policy. Scripts: our own files, plus the inline scripts React
 * Router streams (hydration data, the module loader, scroll restoration),
 * each carrying this page's nonce; never 'unsafe-inline' or eval. Styles keep
 * 'unsafe-inline' for React's style attributes (positions of popovers and
 * tooltips); a style cannot run code. No site may frame a page.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
