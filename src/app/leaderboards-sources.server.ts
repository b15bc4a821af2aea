/**
 * Gives the leaderboards what they read of other features, through the ports
 * they declare: the circles their filters narrow to (a member's friends from
 * social, a club's members from clubs), the ratings, and the figures of a
 * member's games from play. Neither side imports
 * the other; they meet here.
 */
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

/** Club members are read a page at a time by id (keyset), this many a query. */
const CLUB_MEMBER_PAGE = 5_000;

export const leaderboardsSourcesBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "leaderboards-sources",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    // Read when called: a list without the ratings then fails on the ports' check, naming the port, not here.
    leaderboardRatings: {
      rankedPage: (type, page) => services.ratingRanks.page(type, page),
      standingOf: (memberId, type) => services.ratingRanks.standingOf(memberId, type),
      trendsOf: (type, memberIds, since) => services.ratingRanks.trendsOf(type, memberIds, since),
      rebuildRanks: (type, eligibility, day, keepSince) => services.ratingRanks.rebuild(type, eligibility, day, keepSince),
      withdrawRanks: (memberId) => services.ratingRanks.withdraw(memberId),
      distribution: (type, band) => services.ratings.distribution(type, band),
      ratingsOf: (memberId) => services.ratings.ratingsOf(memberId),
      recordsOf: (memberId) => services.ratings.recordsOf(memberId),
      ratingHistory: (memberId, type, since) => services.ratings.ratingHistory(memberId, type, since),
    },
    // The stats pages' figures over a member's games (decision 0077): play's set-based reader.
    leaderboardGames: {
      statsOf: (memberId, query) => services.gameStats.statsOf(memberId, query),
    },
    leaderboardCircles: {
      friendIdsOf: (memberId) => services.friendships.friendIds(memberId),
      async club(clubId) {
        const club = await services.clubs.details(String(clubId));
        return club && club.id === clubId ? { id: club.id, name: club.name, url: club.url } : null;
      },
      async clubMemberIds(clubId, limit) {
        const ids: number[] = [];
        while (ids.length < limit) {
          const page = await services.clubAccess.memberIds(clubId, { limit: Math.min(CLUB_MEMBER_PAGE, limit - ids.length), afterId: ids.at(-1) });
          ids.push(...page);
          if (page.length === 0) break;
        }
        return ids;
      },
      async clubsOf(memberId) {
        return (await services.clubs.clubsOf(memberId)).map((club) => ({ id: club.id, name: club.name, url: club.url }));
      },
    },
  }),
});
