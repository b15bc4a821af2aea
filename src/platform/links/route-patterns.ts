import { isLocale, type Locale } from "../i18n/locales.ts";
import { installedPageRoutes, type PageRouteDefinition, type PageRouteName, type RegisteredPageRoute } from "./route-table.ts";

/**
 * The route table compiled once: matchers for incoming paths, patterns for the
 * React Router config and the parameter lists the link generator fills in.
 */

export interface PathToken {
  readonly kind: "static" | "param";
  readonly value: string;
  /** For params: may be left out (it and every token after it). */
  readonly optional: boolean;
  /** For params: the requirement the value must match in full. */
  readonly requirement: string;
}

export interface CompiledPageRoute {
  readonly definition: PageRouteDefinition;
  readonly name: PageRouteName;
  readonly tokens: readonly PathToken[];
  readonly regex: RegExp;
  readonly paramNames: readonly string[];
  readonly requirementRegexes: ReadonlyMap<string, RegExp>;
}

const DEFAULT_REQUIREMENT = "[^/]+";

function isOptionalParam(definition: PageRouteDefinition, param: string): boolean {
  const defaults: Readonly<Record<string, string>> = definition.defaults ?? {};
  return Object.hasOwn(defaults, param) || (definition.optional ?? []).includes(param);
}

function tokenize(definition: PageRouteDefinition): PathToken[] {
  const segments = definition.path.split("/").filter((segment) => segment !== "");
  const tokens = segments.map((segment): PathToken => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!param) return { kind: "static", value: segment, optional: false, requirement: "" };
    const requirement = definition.requirements?.[param] ?? DEFAULT_REQUIREMENT;
    return { kind: "param", value: param, optional: false, requirement };
  });
  // Only a trailing run of optional params may be left out.
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index];
    if (!token || token.kind !== "param" || !isOptionalParam(definition, token.value)) break;
    tokens[index] = { ...token, optional: true };
  }
  return tokens;
}

/** A static path segment as a pattern that matches it literally. */
export function literalPattern(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

function buildRegex(tokens: readonly PathToken[]): RegExp {
  if (tokens.length === 0) return /^\/$/;
  let source = "";
  let openGroups = 0;
  for (const token of tokens) {
    if (token.kind === "static") {
      source += "/" + literalPattern(token.value);
      continue;
    }
    const capture = `/(?<${token.value}>${token.requirement})`;
    if (token.optional) {
      source += `(?:${capture}`;
      openGroups++;
    } else {
      source += capture;
    }
  }
  return new RegExp(`^${source}${")?".repeat(openGroups)}$`);
}

function compile(definition: RegisteredPageRoute): CompiledPageRoute {
  const tokens = tokenize(definition);
  const params = tokens.filter((token) => token.kind === "param");
  return {
    definition,
    name: definition.name,
    tokens,
    regex: buildRegex(tokens),
    paramNames: params.map((token) => token.value),
    requirementRegexes: new Map(params.map((token) => [token.value, new RegExp(`^(?:${token.requirement})$`)])),
  };
}

let compiled: readonly CompiledPageRoute[] | undefined;
let routesByName: ReadonlyMap<string, CompiledPageRoute> | undefined;

/** Every page route, compiled on first use (the list is installed once, before), in the table's order. */
export function compiledPageRoutes(): readonly CompiledPageRoute[] {
  return (compiled ??= installedPageRoutes().map(compile));
}

export function findPageRoute(name: string): CompiledPageRoute | undefined {
  return (routesByName ??= new Map(compiledPageRoutes().map((route) => [route.name, route]))).get(name);
}

/** A requirement that admits "/" makes the value span segments (a splat for React Router). */
export function spansSegments(token: PathToken): boolean {
  return token.kind === "param" && new RegExp(`^(?:${token.requirement})$`).test("a/b");
}

export interface PageMatch {
  readonly route: CompiledPageRoute;
  /** Decoded parameter values with the defaults filled in. */
  readonly params: Readonly<Record<string, string>>;
  /** The locale named by a leading path segment, when there is one. */
  readonly pathLocale: Locale | null;
}

function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function matchUnprefixed(pathname: string): Omit<PageMatch, "pathLocale"> | null {
  for (const route of compiledPageRoutes()) {
    const found = route.regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = { ...route.definition.defaults };
    for (const [name, raw] of Object.entries(found.groups ?? {})) {
      if (raw === undefined) continue;
      const value = decodeSegment(raw);
      if (value === null) return null;
      params[name] = value;
    }
    return { route, params };
  }
  return null;
}

/**
 * The page a path names, with its parameters checked against the table's rules,
 * or null (the 404 page). A leading locale segment (/es/clubs) selects the locale.
 */
export function matchPagePath(pathname: string): PageMatch | null {
  const firstSegment = /^\/([^/]+)/.exec(pathname)?.[1];
  if (isLocale(firstSegment)) {
    const rest = pathname.slice(firstSegment.length + 1) || "/";
    const match = matchUnprefixed(rest);
    return match ? { ...match, pathLocale: firstSegment } : null;
  }
  const match = matchUnprefixed(pathname);
  return match ? { ...match, pathLocale: null } : null;
}
