/**
 * A member's home (spec 000 §2 "member home", decision 0057): everything
 * /home shows a signed-in member, read side by side from the feed and
 * through the home-sources port, and the first steps a member has not taken yet.
 */
import type { HomeContentType } from "../accounts/current-user.ts";
import type { FeedPage } from "./home-feed-kinds.ts";
import type { HomeFeed } from "./home-feed.service.server.ts";
import type { HomeClubActivity, HomeClubSuggestion, HomeGame, HomeMember, HomeRating, HomeSources } from "./home-sources.port.ts";

/** Ratings move over a month: that is the trend the home shows. */
export const RATING_TREND_DAYS = 30;
const CLUBS_SHOWN = 3;
const FRIENDS_ONLINE_SHOWN = 12;
const SUGGESTIONS_SHOWN = 5;

export interface FirstSteps {
  readonly playedAGame: boolean;
  readonly joinedAClub: boolean;
  readonly followsSomeone: boolean;
  readonly hasAvatar: boolean;
}

export interface MemberHome {
  readonly games: readonly HomeGame[];
  readonly ratings: readonly HomeRating[];
  readonly friendsOnline: readonly HomeMember[];
  readonly clubs: readonly HomeClubActivity[];
  readonly feed: FeedPage;
  readonly firstSteps: FirstSteps;
  /** Whom to follow and which clubs to join: only while the member has not. */
  readonly followSuggestions: readonly string[];
  readonly clubSuggestions: readonly HomeClubSuggestion[];
}

export interface HomeViewer {
  readonly id: number;
  readonly homeContentType: HomeContentType;
  /** The member chose an avatar (not the default picture). */
  readonly hasAvatar: boolean;
}

export function createMemberHome(feed: HomeFeed, sources: () => HomeSources) {
  async function friendsOnlineOf(memberId: number): Promise<HomeMember[]> {
    const friendIds = await sources().friendIdsOf(memberId);
    if (friendIds.length === 0) return [];
    const online = [...(await sources().onlineAmong(friendIds))].slice(0, FRIENDS_ONLINE_SHOWN);
    const members = await sources().membersByIds(online);
    return online.flatMap((id) => members.get(id) ?? []).sort((a, b) => a.username.localeCompare(b.username));
  }

  return {
    async homeOf(viewer: HomeViewer, feedPage: number): Promise<MemberHome> {
      const [games, ratings, friendsOnline, clubs, feedShown, followed, ownActivity] = await Promise.all([
        sources().gamesInProgressOf(viewer.id),
        sources().ratingsOf(viewer.id, RATING_TREND_DAYS),
        friendsOnlineOf(viewer.id),
        sources().clubActivityOf(viewer.id, CLUBS_SHOWN),
        feed.page(viewer.id, viewer.homeContentType, feedPage),
        sources().followedIdsOf(viewer.id),
        // Whether the member finished a game yet: their own feed's first entry tells.
        viewer.homeContentType === "my_activity" ? Promise.resolve(null) : feed.page(viewer.id, "my_activity", 1),
      ]);
      const ownFeed = ownActivity ?? feedShown;
      const firstSteps: FirstSteps = {
        playedAGame: games.length > 0 || ratings.some((rating) => rating.games > 0) || ownFeed.entries.some((entry) => entry.body.kind === "game_finished"),
        joinedAClub: clubs.length > 0,
        followsSomeone: followed.length > 0,
        hasAvatar: viewer.hasAvatar,
      };
      const [followSuggestions, clubSuggestions] = await Promise.all([
        firstSteps.followsSomeone ? Promise.resolve([]) : sources().followSuggestions(viewer.id, SUGGESTIONS_SHOWN),
        firstSteps.joinedAClub ? Promise.resolve([]) : sources().clubSuggestions(viewer.id, SUGGESTIONS_SHOWN),
      ]);
      return { games, ratings, friendsOnline, clubs, feed: feedShown, firstSteps, followSuggestions, clubSuggestions };
    },
  };
}

export type MemberHomeService = ReturnType<typeof createMemberHome>;
