/**
 * Gives the home feature what a member's home shows from other features
 * (the homeSources port it declares, decision 0057): names from accounts,
 * follows and friends from social, who is online from presence, games in
 * progress from play, ratings and their trend from ratings, the clubs' news
 * from clubs. The home feature imports none of them; they meet here.
 */
import type { HomeClubActivity, HomeRating } from "../features/home/home-sources.port.ts";
import { newPlayerRating } from "../features/ratings/glicko2.ts";
import { defaultAvatarUrl } from "../features/accounts/current-user.ts";
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

const DAY_MS = 86_400_000;
/** How many of the member's clubs are looked at to find the most active ones. */
const CLUBS_LOOKED_AT = 20;
const TOPICS_PER_CLUB = 2;
/** A member's rating types shown at home: the most played. */
const RATINGS_SHOWN = 4;

export const homeSourcesBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "home-sources",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services, clock }) => ({
    homeSources: {
      async membersByIds(ids) {
        const found = await services.memberDirectory.membersByIds(ids);
        return new Map([...found].map(([id, member]) => [id, { id, username: member.username, avatarUrl: member.avatarUrl ?? defaultAvatarUrl }]));
      },
      followedIdsOf: (memberId) => services.follows.followedIdsOf(memberId),
      friendIdsOf: (memberId) => services.friendships.friendIds(memberId),
      onlineAmong: (memberIds) => services.presence.service.onlineAmong(memberIds),
      async gamesInProgressOf(memberId) {
        const games = await services.games.inProgressOf(memberId);
        return games.map((game) => ({ id: game.id, speed: game.speed, opponent: game.opponent, color: game.color, yourMove: game.yourMove, deadlineAt: game.deadlineAt }));
      },
      async ratingsOf(memberId, trendDays) {
        const [current, before] = await Promise.all([services.ratings.ratingsOf(memberId), services.ratings.ratingsOnDate(memberId, new Date(clock() - trendDays * DAY_MS))]);
        // A rating first played within the window moved from the new player's rating.
        return current.slice(0, RATINGS_SHOWN).map((rating): HomeRating => ({ type: rating.type, rating: rating.rating, provisional: rating.provisional, games: rating.games, trend: rating.rating - (before.get(rating.type) ?? Math.round(newPlayerRating.rating)) }));
      },
      async clubActivityOf(memberId, limit) {
        const clubs = (await services.clubs.clubsOf(memberId, CLUBS_LOOKED_AT)).sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime()).slice(0, limit);
        return Promise.all(
          clubs.map(async (club): Promise<HomeClubActivity> => {
            const [note, topics, current, upcoming] = await Promise.all([
              services.clubNotes.latest(club.id),
              services.clubForum.latestTopics(club, TOPICS_PER_CLUB),
              services.clubEvents.count(club.id, "current"),
              services.clubEvents.count(club.id, "upcoming"),
            ]);
            return {
              url: club.url,
              name: club.name,
              avatarUrl: club.avatarUrl,
              latestNote: note ? { author: note.author, createdAt: note.createdAt.toISOString() } : null,
              topics: topics.map((topic) => ({ title: topic.title, path: topic.path, lastPostAt: topic.lastPostAt.toISOString() })),
              events: current.count + upcoming.count,
            };
          }),
        );
      },
      async clubById(clubId) {
        const club = await services.clubs.details(String(clubId));
        return club ? { url: club.url, name: club.name } : null;
      },
      // A new site or a new member has no follows to score: titled players, then the newest members, under social's same exclusions.
      followSuggestions: (memberId, limit) => services.follows.followSuggestions(memberId, limit, (count) => services.listedMembers.worthFollowingIds(count)),
      async clubSuggestions(memberId, limit) {
        const clubs = await services.clubs.suggestedFor(memberId, limit);
        return clubs.map((club) => ({ url: club.url, name: club.name, memberCount: club.memberCount }));
      },
    },
  }),
});
