/**
 * The leaderboards' read side (decision 0056): a board's page under a filter,
 * the viewer's standing for the sidebar, and the members the boards leave out.
 * Ratings come from the ratings service, members from the accounts feature's
 * directory, friends and clubs through the leaderboardCircles port; the only
 * table read here is this feature's own (the exclusions).
 */
import type { Database } from "../../platform/db/client.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import { placeholderFlair, shownFlairCode } from "../accounts/flair/flair-catalogue.ts";
import type { RatingType } from "../ratings/rating-types.ts";
import type { RankedRow } from "../ratings/rating-ranks.service.server.ts";
import type { RatingStanding } from "../ratings/ratings.service.server.ts";
import { RANKED_MEMBER_SET_LIMIT } from "../ratings/ratings.service.server.ts";
import type { LeaderboardCircles, LeaderboardClub } from "./leaderboard-circles.port.ts";
import type { LeaderboardRatings } from "./leaderboard-ratings.port.ts";
import { LEADERBOARD_PAGE_SIZE, boards, type BoardKey } from "./leaderboard-boards.ts";
import type { LeaderboardQuery } from "./leaderboard-filters.ts";
import type { LeaderboardRow, SidebarStats } from "./leaderboards.schema.ts";
import { createRankBuilds } from "./rank-builds.server.ts";
import { leaderboardExclusions } from "./leaderboards.tables.server.ts";

export type LeaderboardSources = {
  readonly ratings: Pick<LeaderboardRatings, "rankedPage" | "standingOf" | "distribution" | "trendsOf" | "rebuildRanks" | "withdrawRanks">;
  readonly directory: Pick<MemberDirectory, "membersByIds" | "memberIdsInCountry" | "memberCountriesRelation" | "usernamesWithTitle">;
  readonly circles: LeaderboardCircles;
};

/** Who is looking: the friends filter and the sidebar are theirs. */
export interface LeaderboardViewer {
  readonly memberId: number;
  readonly username: string;
  readonly avatarUrl: string | null;
}

export type LeaderboardRefusal = "sign_in" | "unknown_group";

export interface LeaderboardPage {
  readonly rows: readonly LeaderboardRow[];
  readonly morePages: boolean;
  /** The club of a group filter, named on the page. */
  readonly club: LeaderboardClub | null;
}

/** The sidebar's distribution chart: bands of this many points (spec 001 §9: ticks every 500, maximum 5000). */
export const DISTRIBUTION_BAND = 100;
/** How long a type's distribution is reused: one pass over the type's ratings serves every sidebar for a minute. */
const DISTRIBUTION_TTL_MS = 60_000;

/** A leader with the member's id, for the public API's player_id (never sent to the pages). */
export type PlacedLeader = LeaderboardRow & { readonly memberId: number };

/** A change as the spec's trend carries it: how much and which way (1 up, -1 down; 0 when unchanged). */
const trendOf = (delta: number) => ({ delta: Math.abs(delta), direction: Math.sign(delta) });

export function createLeaderboardsService(db: Database, sources: LeaderboardSources, now: () => number = Date.now) {
  const rankBuilds = createRankBuilds(db, { ratings: sources.ratings, excludedMemberIds, memberCountries: () => sources.directory.memberCountriesRelation() }, now);
  const distributions = new Map<string, { readonly at: number; readonly bands: ReadonlyMap<number, number> }>();

  async function excludedMemberIds(): Promise<readonly number[]> {
    const rows = await db.select({ memberId: leaderboardExclusions.memberId }).from(leaderboardExclusions);
    return rows.map((row) => row.memberId);
  }

  /** The member set a filter ranks among; undefined for the whole board. */
  async function circleOf(query: LeaderboardQuery, viewer: LeaderboardViewer | null): Promise<{ ok: true; memberIds?: readonly number[]; country?: string; club: LeaderboardClub | null } | { ok: false; refusal: LeaderboardRefusal }> {
    const { filter } = query;
    switch (filter.kind) {
      case "global":
        return { ok: true, club: null };
      // Nobody is verified until the verified players feature exists: an honest empty board, not the global one.
      case "verified":
        return { ok: true, memberIds: [], club: null };
      case "friends":
        if (!viewer) return { ok: false, refusal: "sign_in" };
        return { ok: true, memberIds: [viewer.memberId, ...(await sources.circles.friendIdsOf(viewer.memberId))], club: null };
      case "group": {
        const club = await sources.circles.club(filter.clubId);
        if (!club) return { ok: false, refusal: "unknown_group" };
        return { ok: true, memberIds: await sources.circles.clubMemberIds(club.id, RANKED_MEMBER_SET_LIMIT), club };
      }
      case "country":
        // The rank rows carry the member's country (as of the last rebuild): a range of the rank key, not a set of ids.
        return { ok: true, country: filter.code, club: null };
    }
  }

  /** Ranked rows as leaders: the members' public fields and 90-day trends, a member gone since the rebuild left out. */
  async function leaderRows(type: RatingType, ranked: readonly RankedRow[], placeOf: (row: RankedRow, index: number) => number): Promise<PlacedLeader[]> {
    const memberIds = ranked.map((row) => row.memberId);
    const [members, trends] = await Promise.all([sources.directory.membersByIds(memberIds), sources.ratings.trendsOf(type, memberIds, rankBuilds.trendSince())]);
    return ranked.flatMap((row, index): PlacedLeader[] => {
      const member = members.get(row.memberId);
      if (!member) return [];
      const trend = trends.get(row.memberId);
      return [{
        memberId: row.memberId,
        rank: placeOf(row, index),
        score: row.rating,
        trend: trend ? { rank: trendOf(trend.rankDelta), score: trendOf(trend.scoreDelta) } : null,
        user: { username: member.username, avatarUrl: member.avatarUrl, countryCode: member.countryCode, chessTitle: member.chessTitle, membershipLevel: member.membershipLevel, flairCode: shownFlairCode(member) ?? placeholderFlair.code },
        totalWinCount: row.wins,
        totalDrawCount: row.draws,
        totalLossCount: row.losses,
        totalGameCount: row.games,
      }];
    });
  }

  return {
    excludedMemberIds,
    rankBuilds,

    /** The clubs a member can narrow a board to (the filter's choices). */
    groupsOf: (memberId: number): Promise<readonly LeaderboardClub[]> => sources.circles.clubsOf(memberId),

    /**
     * A page of a board: ranks from the page's first place (within the
     * filter's circle when there is one), the members' names, countries and
     * titles, and whether more pages follow. A board whose activity is not
     * built has no rows (the page shows "Leaderboard currently unavailable").
     */
    async page(boardKey: BoardKey, query: LeaderboardQuery, viewer: LeaderboardViewer | null): Promise<{ ok: true; page: LeaderboardPage } | { ok: false; refusal: LeaderboardRefusal }> {
      const board = boards[boardKey];
      const circle = await circleOf(query, viewer);
      if (!circle.ok) return circle;
      if (board.ratingType === null) return { ok: true, page: { rows: [], morePages: false, club: circle.club } };
      await rankBuilds.ensureBuilt(board.ratingType);
      const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
      const ranked = await sources.ratings.rankedPage(board.ratingType, { offset, limit: LEADERBOARD_PAGE_SIZE, ...(circle.memberIds ? { memberIds: circle.memberIds } : {}), ...(circle.country ? { country: circle.country } : {}) });
      // Within a filter's circle the place is the circle's; the whole board's rank is the row's.
      const leaders = await leaderRows(board.ratingType, ranked.rows, (_, index) => offset + index + 1);
      // The member ids stay on the server: the page needs names, not keys.
      const rows = leaders.map(({ memberId: _memberId, ...row }): LeaderboardRow => row);
      return { ok: true, page: { rows, morePages: ranked.morePages, club: circle.club } };
    },

    /**
     * The top `limit` of a rating type with the members' public fields and
     * trends (the public leaderboards API): the first range of the rank table.
     */
    async top(type: RatingType, limit: number): Promise<readonly PlacedLeader[]> {
      await rankBuilds.ensureBuilt(type);
      const ranked = await sources.ratings.rankedPage(type, { offset: 0, limit });
      return leaderRows(type, ranked.rows, (row) => row.rank);
    },

    /** The usernames of up to `limit` members from a country, alphabetical (the public country players list). */
    async countryUsernames(code: string, limit: number): Promise<string[]> {
      const members = await sources.directory.membersByIds(await sources.directory.memberIdsInCountry(code, limit));
      return [...members.values()].map((member) => member.username.toLowerCase()).sort();
    },

    /** The usernames of up to `limit` members holding a title, alphabetical (the public titled players list). */
    titledUsernames: (title: string, limit: number): Promise<string[]> => sources.directory.usernamesWithTitle(title, limit),

    /** The sidebar's figures for the viewer on a board, or null when it is hidden there or they have no rating of its type. */
    async sidebar(boardKey: BoardKey, viewer: LeaderboardViewer): Promise<SidebarStats | null> {
      const board = boards[boardKey];
      if (!board.sidebar || board.ratingType === null) return null;
      await rankBuilds.ensureBuilt(board.ratingType);
      const standing: RatingStanding | null = await sources.ratings.standingOf(viewer.memberId, board.ratingType);
      if (!standing) return null;
      let cached = distributions.get(board.ratingType);
      if (!cached || now() - cached.at > DISTRIBUTION_TTL_MS) {
        cached = { at: now(), bands: await sources.ratings.distribution(board.ratingType, DISTRIBUTION_BAND) };
        distributions.set(board.ratingType, cached);
      }
      return {
        username: viewer.username,
        avatarUrl: viewer.avatarUrl,
        rating: standing.rating,
        rank: standing.rank,
        percentile: standing.percentile,
        playerCount: standing.players,
        best: standing.best,
        deviation: standing.deviation,
        winCount: standing.wins,
        drawCount: standing.draws,
        lossCount: standing.losses,
        distribution: [...cached.bands].map(([from, players]) => ({ from, players })),
      };
    },

    /** Leaves a deactivated member off every board (the accounts feature's event; idempotent): off the ranks now, out of every rebuild after. */
    async exclude(memberId: number, reason: "closed" | "disabled"): Promise<void> {
      await db.insert(leaderboardExclusions).values({ memberId, reason }).onConflictDoNothing();
      await sources.ratings.withdrawRanks(memberId);
    },
  };
}

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;
