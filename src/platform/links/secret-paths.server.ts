import { compiledPageRoutes, literalPattern, spansSegments, type CompiledPageRoute } from "./route-patterns.ts";

/** What stands in a logged path for a secret and everything after it. */
export const REDACTED = "[redacted]";

/** The pages whose path carries a secret: the route table's entries that declare `secrets`. */
export function secretPageRoutes(): readonly CompiledPageRoute[] {
  return compiledPageRoutes().filter((route) => (route.definition.secrets ?? []).length > 0);
}

/**
 * A route's path up to its first secret parameter, as a pattern. Looser than
 * the page's own matcher on purpose: any leading segments (a locale prefix,
 * a doubled slash), any case, any value for the parameters before the secret,
 * and anything after it (a trailing slash or locale twin): a link the page
 * would refuse can still hold a live secret, and cutting one path too many
 * in a log costs nothing.
 */
function redactionPattern(route: CompiledPageRoute): RegExp {
  const secrets = route.definition.secrets ?? [];
  const unknown = secrets.filter((name) => !route.paramNames.includes(name));
  if (unknown.length > 0) throw new Error(`The route ${route.name} declares ${unknown.join(", ")} secret, but its path has no such parameter.`);
  const firstSecret = route.tokens.findIndex((token) => token.kind === "param" && secrets.includes(token.value));
  const prefix = route.tokens
    .slice(0, firstSecret)
    .map((token) => (token.kind === "static" ? `/${literalPattern(token.value)}` : spansSegments(token) ? "/.+?" : "/[^/]+"))
    .join("");
  return new RegExp(`^(.*?${prefix})/.+$`, "is");
}

let patterns: readonly RegExp[] | undefined;

/** The secret pages' patterns, built on first use (the page list is installed at start, after this module loads). */
function redactionPatterns(): readonly RegExp[] {
  return (patterns ??= secretPageRoutes().map(redactionPattern));
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A path as a log line may show it: on a page whose parameter is a secret
 * (a password-reset or email-confirmation token, a club invitation secret),
 * the secret and whatever follows it become "[redacted]":
 * /es/reset-password/… → /es/reset-password/[redacted]. Matched on the decoded
 * path, so an encoded slash or letter does not slip a secret through.
 */
export function redactSecretPath(path: string): string {
  const decoded = decodedPath(path);
  for (const pattern of redactionPatterns()) {
    const kept = pattern.exec(decoded)?.[1];
    if (kept !== undefined) return `${kept}/${REDACTED}`;
  }
  return path;
}
