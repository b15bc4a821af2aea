import { noRelationship } from "../social.schema.ts";
import type { CardViewer } from "./card-actions.ts";
import type { CardUser } from "./user-card.schema.ts";

/** The card's test members: alice looks at bob's card (user-card and card-action-bar tests). */
export const alice: CardViewer = { isLoggedIn: true, isGuest: false, id: 1, username: "alice", isModerator: false };

export function bobCard(overrides: Partial<CardUser> = {}): CardUser {
  return {
    userId: 2,
    uuid: "00000000-0000-4000-8000-000000000002",
    username: "bob",
    firstName: "Bob",
    lastName: "Becker",
    avatarUrl: "/images/default-avatar.svg",
    chessTitle: null,
    country: "DE",
    countryId: "DE",
    countryName: "Germany",
    joinDate: "2024-06-01T17:45:00.000Z",
    lastLoginDate: "2025-12-30T20:15:00.000Z",
    statusText: "Sicilian all day",
    isEnabled: true,
    isGuest: false,
    isClosed: false,
    closedLabel: null,
    isFideVerified: false,
    isStaff: false,
    isModerator: false,
    isStreamer: false,
    isTopBlogger: false,
    isCoach: false,
    allowFriendRequests: true,
    isMessageable: true,
    notMessageableReasonCode: null,
    canReceiveGiftMembership: true,
    ratings: [],
    rating: null,
    ratingType: null,
    bestRating: null,
    bestRatingType: null,
    onlineStatus: "offline",
    clubs: [],
    flair: null,
    membership: { code: "basic", level: 10, name: "basic" },
    counts: { friends: 3, followers: 5, following: 1 },
    note: null,
    isSelf: false,
    ...noRelationship,
    ...overrides,
  };
}
