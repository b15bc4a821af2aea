import { defaultLocale, type Locale } from "../i18n/locales.ts";
import { findPageRoute, type CompiledPageRoute } from "./route-patterns.ts";
import type { PageRouteName, RegisteredPageRoute } from "./route-table.ts";

/**
 * The one link generator, for the server and the browser: a route name and its
 * parameters become a path. Usernames are lower-cased. Parameters the path does
 * not use go to the query string. A non-English locale prefixes the path (/es/...).
 *
 * A link to an unknown route, or one missing a parameter, is a programming error:
 * in tests it throws; in the running site it is reported and the link becomes "/".
 */

export type LinkParamValue = string | number | boolean | null | undefined;
export type LinkParams = Readonly<Record<string, LinkParamValue>>;

/** The names of a path's `{param}` placeholders: "/leagues/{league}/{division}" gives "league" | "division". */
type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

type PageRouteNamed<Name extends PageRouteName> = Extract<RegisteredPageRoute, { readonly name: Name }>;

/** Parameters a route may leave out: those listed in `optional` and those with a default. */
type OmittableParamNames<Route> =
  | (Route extends { readonly optional: readonly (infer Optional extends string)[] } ? Optional : never)
  | (Route extends { readonly defaults: infer Defaults } ? keyof Defaults & string : never);

/** The path parameters a link to this route must be given. */
export type RequiredLinkParamNames<Name extends PageRouteName> = Exclude<
  PathParamNames<PageRouteNamed<Name>["path"]>,
  OmittableParamNames<PageRouteNamed<Name>>
>;

/** A route's parameters: its required path parameters, then anything else (optional path parameters, the query). */
export type LinkParamsFor<Name extends PageRouteName> = LinkParams & { readonly [Param in RequiredLinkParamNames<Name>]: string | number };

/** The routes a link needs no parameter for (navigation items, footers). */
export type ParameterlessPageRouteName = { [Name in PageRouteName]: [RequiredLinkParamNames<Name>] extends [never] ? Name : never }[PageRouteName];

/** What follows the route name: the parameters (required when the path needs some) and the options. */
export type LinkArguments<Name extends PageRouteName> = [RequiredLinkParamNames<Name>] extends [never]
  ? [params?: LinkParams, options?: LinkOptions]
  : [params: LinkParamsFor<Name>, options?: LinkOptions];

/**
 * The link generator's signature: a misspelt route name, or a route's required
 * path parameter left out, fails the type check (links.types.test.ts).
 */
export type LinkGenerator = <Name extends PageRouteName>(name: Name, ...rest: LinkArguments<Name>) => string;

export interface LinkOptions {
  /** Prefix the path with this locale (not for English). */
  readonly locale?: Locale | null;
  /** A fragment such as "flair" or "rush". */
  readonly anchor?: string;
}

export class LinkGenerationError extends Error {
  override readonly name = "LinkGenerationError";
}

export type LinkErrorReporter = (error: LinkGenerationError) => void;

let linkErrorMode: "throw" | "report" = "report";
let linkErrorReporter: LinkErrorReporter = (error) => {
  console.error(`Couldn't find missing route: ${error.message}`);
};

/** Tests set "throw"; the site reports (to the log and client metrics) and falls back to "/". */
export function configureLinkErrors(mode: "throw" | "report", reporter?: LinkErrorReporter): void {
  linkErrorMode = mode;
  if (reporter) linkErrorReporter = reporter;
}

/** Route parameters named like these hold usernames, which links always lower-case. */
const USERNAME_PARAMS: ReadonlySet<string> = new Set(["username", "user", "opponent"]);

/** Whether a route or query parameter holds a username (lower-cased in every link). */
export function isUsernameParam(name: string): boolean {
  return USERNAME_PARAMS.has(name);
}

function normaliseValue(name: string, value: LinkParamValue): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
  return USERNAME_PARAMS.has(name) ? text.toLowerCase() : text;
}

function encodeParam(value: string, spansSegments: boolean): string {
  const encoded = encodeURIComponent(value);
  return spansSegments ? encoded.replace(/%2F/gi, "/") : encoded;
}

function buildPath(route: CompiledPageRoute, params: LinkParams): { path: string; used: Set<string> } {
  const used = new Set<string>();
  const defaults: Readonly<Record<string, string>> = route.definition.defaults ?? {};
  // Values for each param token, in order; trailing optional params equal to
  // their default (or absent) are dropped from the end.
  const parts: { token: CompiledPageRoute["tokens"][number]; value: string | null; isDefault: boolean }[] = [];
  for (const token of route.tokens) {
    if (token.kind === "static") {
      parts.push({ token, value: token.value, isDefault: false });
      continue;
    }
    const given = normaliseValue(token.value, params[token.value]);
    used.add(token.value);
    const fallback = defaults[token.value] ?? null;
    const value = given ?? fallback;
    if (value === null && !token.optional) {
      throw new LinkGenerationError(`The route "${route.name}" requires the parameter "${token.value}".`);
    }
    if (value !== null && !route.requirementRegexes.get(token.value)?.test(value)) {
      throw new LinkGenerationError(`The parameter "${token.value}" of route "${route.name}" must match "${token.requirement}".`);
    }
    parts.push({ token, value, isDefault: given === null || given === fallback });
  }
  while (parts.length > 0) {
    const last = parts[parts.length - 1];
    if (!last || !last.token.optional || !(last.value === null || last.isDefault)) break;
    parts.pop();
  }
  const missingMiddle = parts.find((part) => part.value === null);
  if (missingMiddle) {
    throw new LinkGenerationError(`The route "${route.name}" requires the parameter "${missingMiddle.token.value}".`);
  }
  const path = parts
    .map((part) => "/" + (part.token.kind === "static" ? part.value : encodeParam(part.value ?? "", /[.]/.test(part.token.requirement))))
    .join("");
  return { path: path || "/", used };
}

function buildQuery(params: LinkParams, used: ReadonlySet<string>): string {
  const query = new URLSearchParams();
  for (const [name, raw] of Object.entries(params)) {
    if (used.has(name)) continue;
    const value = normaliseValue(name, raw);
    if (value !== null) query.append(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

function generateLinkOrThrow(name: PageRouteName, params: LinkParams, options: LinkOptions): string {
  const route = findPageRoute(name);
  if (!route) throw new LinkGenerationError(`The route "${name}" does not exist.`);
  const { path, used } = buildPath(route, params);
  const prefix = options.locale && options.locale !== defaultLocale ? `/${options.locale}` : "";
  const localisedPath = prefix ? (path === "/" ? prefix : prefix + path) : path;
  const anchor = options.anchor ? `#${encodeURIComponent(options.anchor)}` : "";
  return localisedPath + buildQuery(params, used) + anchor;
}

/** The path of a named page. */
export function generateLink<Name extends PageRouteName>(name: Name, ...[params, options]: LinkArguments<Name>): string {
  return generatePageLink(name, params ?? {}, options ?? {});
}

/**
 * The path of a page whose name is only known at run time (a matched URL being
 * spelt again): the name is still a route name, the parameters are not checked
 * against it by the type checker. Prefer `generateLink`.
 */
export function generatePageLink(name: PageRouteName, params: LinkParams = {}, options: LinkOptions = {}): string {
  try {
    return generateLinkOrThrow(name, params, options);
  } catch (error) {
    if (!(error instanceof LinkGenerationError) || linkErrorMode === "throw") throw error;
    linkErrorReporter(error);
    return "/";
  }
}

const SAME_SITE_BASE = "http://same.invalid";

/** Whether a path, read by a browser as a Location or href, stays on this site: one leading slash, no backslash, no control character. */
export function isPlainSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === "\\" || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * A same-site path from untrusted input (redirectUrl, redirect), or null.
 * The input is resolved as a browser would (dot-segments, %2e, backslashes,
 * tabs) and what is returned is checked, not what came in: "/.//evil.example"
 * resolves to "//evil.example", which a browser reads as another host.
 */
export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate.length > 2048 || !isPlainSitePath(candidate)) return null;
  let resolved: URL;
  try {
    resolved = new URL(candidate, SAME_SITE_BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== SAME_SITE_BASE) return null;
  const path = resolved.pathname + resolved.search + resolved.hash;
  return isPlainSitePath(path) ? path : null;
}
