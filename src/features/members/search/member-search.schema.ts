import type { Presence } from "../../presence/presence.schema.ts";
import { SEARCH_MIN_LENGTH } from "../../social/social.constants.ts";

export { SEARCH_MIN_LENGTH };

/**
 * Member search (the header's box and the /search page), shared by the server
 * and the browser. A username is at most 25 characters; the spec's hint for
 * a query under SEARCH_MIN_LENGTH (3, the user search call's rule) is "Please enter %number% or more characters." (001 §5).
 */
export const SEARCH_MAX_LENGTH = 25;
export const SEARCH_PAGE_SIZE = 20;

export type SearchQueryProblem = "too_short" | "too_long";

/** The query as searched (trimmed), and why it is refused, if it is. An empty query is no search, not a refusal. */
export function readSearchQuery(raw: string | null | undefined): { query: string; problem: SearchQueryProblem | null } {
  const query = (raw ?? "").trim();
  const length = [...query].length;
  if (length === 0) return { query, problem: null };
  if (length < SEARCH_MIN_LENGTH) return { query, problem: "too_short" };
  if (length > SEARCH_MAX_LENGTH) return { query: [...query].slice(0, SEARCH_MAX_LENGTH).join(""), problem: "too_long" };
  return { query, problem: null };
}

/** One member found: what the results list shows (never a database row). */
export interface MemberSearchResult {
  readonly userId: number;
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly avatarUrl: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  readonly flairCode: string;
  /** When the page was rendered; the browser then follows it live. */
  readonly presence: Presence | null;
}

export interface MemberSearchPage {
  /** The query searched: trimmed (and cut to SEARCH_MAX_LENGTH when it was longer, to show it back). */
  readonly query: string;
  readonly problem: SearchQueryProblem | null;
  readonly page: number;
  /** Has-more pagination (spec 000 §3): whether a page follows this one. */
  readonly morePages: boolean;
  readonly results: readonly MemberSearchResult[];
}
