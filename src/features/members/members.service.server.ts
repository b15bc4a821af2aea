import { memoizeFor } from "../../platform/cache/memoize-for.ts";
import type { ListedMembers } from "../accounts/listed-members.service.server.ts";
import type { MemberSummary, SiteCounts } from "./members.schema.ts";

/** The home page's counts change slowly and cost a scan of all members: computed at most once a minute. */
const SITE_COUNTS_TTL_MS = 60_000;
/** The home page's lists are the same for every visitor: refreshed every 15 seconds. */
const HOME_LISTS_TTL_MS = 15_000;

/** Read-side queries about members for pages: the lists come from the accounts feature, which owns the members' rows. */
export function createMembersService(listed: ListedMembers) {
  const siteCounts: () => Promise<SiteCounts> = memoizeFor(SITE_COUNTS_TTL_MS, () => listed.counts());
  const homeListsByLimits = new Map<string, () => Promise<{ newest: MemberSummary[]; titled: MemberSummary[] }>>();
  const service = {
    siteCounts,

    /** The home page's newest and titled members, shared by every visitor for a few seconds. */
    homeLists(newestLimit: number, titledLimit: number): Promise<{ newest: MemberSummary[]; titled: MemberSummary[] }> {
      const key = `${newestLimit}:${titledLimit}`;
      let lists = homeListsByLimits.get(key);
      if (!lists) {
        lists = memoizeFor(HOME_LISTS_TTL_MS, async () => {
          const [newest, titled] = await Promise.all([service.newestMembers(newestLimit), service.titledPlayers(titledLimit)]);
          return { newest, titled };
        });
        homeListsByLimits.set(key, lists);
      }
      return lists();
    },

    newestMembers: (limit: number): Promise<MemberSummary[]> => listed.newest(limit),

    titledPlayers: (limit: number): Promise<MemberSummary[]> => listed.titled(limit),
  };
  return service;
}

export type MembersService = ReturnType<typeof createMembersService>;
