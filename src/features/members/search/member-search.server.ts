import { defaultAvatarUrl } from "../../accounts/current-user.ts";
import type { MemberDirectory, PublicMember } from "../../accounts/member-directory.service.server.ts";
import type { PresenceService } from "../../presence/presence.service.server.ts";
import { USERNAME_PATTERN } from "../../social/social.schema.ts";
import { readSearchQuery, SEARCH_PAGE_SIZE, type MemberSearchPage, type MemberSearchResult, type SearchQueryProblem } from "./member-search.schema.ts";

/**
 * The /search page's member results (docs/decisions/0024): the accounts
 * feature's username prefix search, one page at a time, with each member's
 * presence for the server-rendered page.
 */
export interface MemberSearchDeps {
  readonly directory: Pick<MemberDirectory, "searchByUsernamePrefix">;
  readonly presence: Pick<PresenceService, "presenceOf">;
}

/** The deepest page served: 500 pages of 20 is further than anyone reads a prefix's members. */
export const SEARCH_MAX_PAGE = 500;

/** ?page=N: digits only, 1 to SEARCH_MAX_PAGE; anything else is the first page. */
export function searchPageNumber(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(SEARCH_MAX_PAGE, Math.max(1, Number(value)));
}

function presentResult(member: PublicMember): Omit<MemberSearchResult, "presence"> {
  return {
    userId: member.id,
    username: member.username,
    firstName: member.firstName,
    lastName: member.lastName,
    avatarUrl: member.avatarUrl ?? defaultAvatarUrl,
    countryCode: member.countryCode,
    chessTitle: member.chessTitle,
    membershipLevel: member.membershipLevel,
    flairCode: member.flairCode,
  };
}

/**
 * One page of members whose username starts with `rawQuery` (trimmed). A
 * query that is too short or too long is refused (`problem`), searching
 * nothing; one with characters no username has finds nobody. Whether more
 * pages follow is known by asking for one member more than a page: counting
 * every match of a short prefix would read a large part of the index.
 */
export async function searchMembersPage(deps: MemberSearchDeps, rawQuery: string | null, page: number): Promise<MemberSearchPage> {
  const { query, problem } = readSearchQuery(rawQuery);
  const empty = (refusal: SearchQueryProblem | null): MemberSearchPage => ({ query, problem: refusal, page, morePages: false, results: [] });
  if (problem || query === "") return empty(problem);
  if (!USERNAME_PATTERN.test(query)) return empty(null);
  const found = await deps.directory.searchByUsernamePrefix({ prefix: query, limit: SEARCH_PAGE_SIZE + 1, offset: (page - 1) * SEARCH_PAGE_SIZE });
  const shown = found.slice(0, SEARCH_PAGE_SIZE);
  const presence = shown.length > 0 ? await deps.presence.presenceOf(shown.map((member) => member.id)) : [];
  const presenceById = new Map(presence.map((item) => [item.id, item]));
  return {
    query,
    problem: null,
    page,
    morePages: found.length > SEARCH_PAGE_SIZE,
    results: shown.map((member) => ({ ...presentResult(member), presence: presenceById.get(member.id) ?? null })),
  };
}

/** How many "did you mean" names an unknown profile offers. */
export const CLOSE_USERNAMES = 5;

/**
 * Usernames close to one that does not exist, for the "Member not found" page:
 * members whose name starts with what was typed, else with ever shorter
 * prefixes of it (one character off at the end, two, three, half, three
 * characters), the first that finds anybody. At most five index reads.
 */
export async function closeUsernames(directory: Pick<MemberDirectory, "searchByUsernamePrefix">, typed: string): Promise<PublicMember[]> {
  const name = typed.toLowerCase();
  if (!USERNAME_PATTERN.test(name)) return [];
  const lengths = [name.length, name.length - 1, name.length - 2, name.length - 3, Math.ceil(name.length / 2), 3];
  const prefixes = [...new Set(lengths.filter((length) => length >= 3 && length <= name.length).map((length) => name.slice(0, length)))];
  for (const prefix of prefixes) {
    const found = await directory.searchByUsernamePrefix({ prefix, limit: CLOSE_USERNAMES });
    if (found.length > 0) return found;
  }
  return [];
}
