import { createHash } from "node:crypto";

/** A strong entity tag: the SHA-256 of the exact body bytes, base64url, quoted. */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body, "utf8").digest("base64url")}"`;
}

/** An HTTP-date (IMF-fixdate) for Unix seconds. */
export function httpDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toUTCString();
}

export interface ConditionalHeaders {
  readonly ifNoneMatch?: string | undefined;
  readonly ifModifiedSince?: string | undefined;
}

export interface Validators {
  readonly etag: string;
  /** Unix seconds; absent when the resource has no modification date. */
  readonly lastModified?: number | undefined;
}

function opaqueTag(tag: string): string {
  const trimmed = tag.trim();
  return trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed;
}

function ifNoneMatchMatches(header: string, etag: string): boolean {
  const value = header.trim();
  if (value === "*") return true;
  const wanted = opaqueTag(etag);
  return value.split(",").some((tag) => opaqueTag(tag) === wanted);
}

/**
 * Whether a GET or HEAD should be answered 304 (RFC 9110 §13.2.2): If-None-Match
 * decides when present (weak comparison, "*" matches any current
 * representation); only without it does If-Modified-Since count, compared in
 * whole seconds. An unparsable date is ignored.
 */
export function isNotModified(conditions: ConditionalHeaders, validators: Validators): boolean {
  if (conditions.ifNoneMatch !== undefined) return ifNoneMatchMatches(conditions.ifNoneMatch, validators.etag);
  if (conditions.ifModifiedSince === undefined || validators.lastModified === undefined) return false;
  const since = Date.parse(conditions.ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return validators.lastModified <= Math.floor(since / 1000);
}
