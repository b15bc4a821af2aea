/**
 * A leaderboard's filter as its query string carries it (spec 001 §2.1):
 * global (nothing), verified=1, friendsOnly=1, group={club id},
 * country={code}, and for puzzle rush type=all_time|day|hour (with or
 * without friendsOnly=1); page={n}, left out on page 1. Isomorphic and
 * dependency-free: the loader parses, the page writes its links with it.
 *
 * Unlike the archive's filters, a value that is not a known one is refused
 * with its reason, never dropped: a board silently widened to everyone would
 * show wrong ranks under the filter's name.
 */
import { isCountryCode } from "../accounts/registration/countries.ts";
import { LEADERBOARD_MAX_PAGE, type BoardDefinition } from "./leaderboard-boards.ts";

export const rushTimes = ["all_time", "day", "hour"] as const;
export type RushTime = (typeof rushTimes)[number];

export type LeaderboardFilter =
  | { readonly kind: "global" }
  | { readonly kind: "verified" }
  | { readonly kind: "friends" }
  | { readonly kind: "group"; readonly clubId: number }
  | { readonly kind: "country"; readonly code: string };

export interface LeaderboardQuery {
  readonly filter: LeaderboardFilter;
  /** Puzzle rush only: the time window. */
  readonly rushTime: RushTime | null;
  readonly page: number;
}

/** Why a query string was refused; each has its message (leaderboards.problem.*). */
export const leaderboardProblems = ["page", "page_too_deep", "verified", "friends", "group", "country", "rush_time", "rush_only", "friends_not_here", "one_filter"] as const;
export type LeaderboardProblem = (typeof leaderboardProblems)[number];

export type ParsedLeaderboardQuery = { readonly ok: true; readonly query: LeaderboardQuery } | { readonly ok: false; readonly problem: LeaderboardProblem };

const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;
/** PostgreSQL's integer: a larger club id cannot exist. */
const MAX_ID = 2_147_483_647;

const refuse = (problem: LeaderboardProblem): ParsedLeaderboardQuery => ({ ok: false, problem });

export function parseLeaderboardQuery(search: URLSearchParams, board: Pick<BoardDefinition, "kind" | "friendsFilter">): ParsedLeaderboardQuery {
  const one = (name: string): string | null => {
    const values = search.getAll(name);
    // A parameter given twice is as ambiguous as a malformed one: the first "bad" value below refuses it.
    return values.length === 0 ? null : values.length === 1 ? (values[0] ?? null) : "";
  };
  const pageText = one("page");
  let page = 1;
  if (pageText !== null) {
    if (!POSITIVE_INTEGER.test(pageText)) return refuse("page");
    page = Number(pageText);
    if (page > LEADERBOARD_MAX_PAGE) return refuse("page_too_deep");
  }

  const verified = one("verified");
  const friendsOnly = one("friendsOnly");
  const group = one("group");
  const country = one("country");
  const type = one("type");
  if (verified !== null && verified !== "1") return refuse("verified");
  if (friendsOnly !== null && friendsOnly !== "1") return refuse("friends");
  if (friendsOnly !== null && !board.friendsFilter) return refuse("friends_not_here");
  if (group !== null && (!POSITIVE_INTEGER.test(group) || Number(group) > MAX_ID)) return refuse("group");
  if (country !== null && !isCountryCode(country)) return refuse("country");
  let rushTime: RushTime | null = null;
  if (type !== null) {
    if (board.kind !== "puzzle_rush") return refuse("rush_only");
    const known = rushTimes.find((time) => time === type);
    if (!known) return refuse("rush_time");
    rushTime = known;
  }
  const chosen = [verified, friendsOnly, group, country].filter((value) => value !== null).length;
  if (chosen > 1) return refuse("one_filter");

  const filter: LeaderboardFilter =
    verified !== null ? { kind: "verified" }
    : friendsOnly !== null ? { kind: "friends" }
    : group !== null ? { kind: "group", clubId: Number(group) }
    : country !== null ? { kind: "country", code: country }
    : { kind: "global" };
  return { ok: true, query: { filter, rushTime: board.kind === "puzzle_rush" ? (rushTime ?? "all_time") : null, page } };
}

/** The query string of a filter and page (page 1 and the default rush window left out), with its "?" or empty. */
export function leaderboardSearch(query: { readonly filter: LeaderboardFilter; readonly rushTime?: RushTime | null; readonly page?: number }): string {
  const params = new URLSearchParams();
  const { filter } = query;
  if (filter.kind === "verified") params.set("verified", "1");
  if (filter.kind === "friends") params.set("friendsOnly", "1");
  if (filter.kind === "group") params.set("group", String(filter.clubId));
  if (filter.kind === "country") params.set("country", filter.code);
  if (query.rushTime && query.rushTime !== "all_time") params.set("type", query.rushTime);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
