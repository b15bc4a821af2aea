/**
 * Text no field of ours accepts: a NUL byte (PostgreSQL refuses it in text, C
 * libraries cut strings at it) or a lone UTF-16 surrogate (not a character; it
 * cannot be stored as UTF-8).
 */
const HOSTILE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isHostileText(text: string): boolean {
  return HOSTILE_TEXT.test(text);
}

/** Deeper than any body of ours; a deeper one is refused rather than walked. */
const MAX_DEPTH = 32;

/** Whether any string in a parsed body, keys included, is hostile (or the value nests absurdly deep). */
export function containsHostileText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isHostileText(value);
  if (value === null || typeof value !== "object") return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => containsHostileText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => isHostileText(key) || containsHostileText(item, depth + 1));
}

/** A percent-encoded URL part decoded, or null when its encoding is not UTF-8 or it decodes to hostile text. */
export function decodeUrlPart(part: string, plusIsSpace: boolean): string | null {
  try {
    const decoded = decodeURIComponent(plusIsSpace ? part.replaceAll("+", " ") : part);
    return isHostileText(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/** Whether a request target (path and query, as sent) decodes to clean text in every part. */
export function isCleanRequestTarget(url: string): boolean {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (decodeUrlPart(path, false) === null) return false;
  if (queryStart === -1) return true;
  return url
    .slice(queryStart + 1)
    .split("&")
    .every((pair) => decodeUrlPart(pair, true) !== null);
}
