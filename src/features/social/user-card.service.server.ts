import { shownFlairCode } from "../accounts/flair/flair-catalogue.ts";
import { contactRefusal } from "./member-actions.policy.ts";
import { localizedRegionName } from "../../shared/region-names.ts";
import type { MembershipService } from "../accounts/membership/membership.service.server.ts";
import type { MemberDirectory, PublicMember } from "../accounts/member-directory.service.server.ts";
import { defaultAvatarUrl } from "../accounts/current-user.ts";
import { hasAtLeast, isClosedLevel, isExactly, levelMessageIds, membershipName, type LevelName } from "../accounts/levels.ts";
import type { MemberRating, MemberRatingSource } from "./member-ratings.port.ts";
import type { OnlineStatus, OnlineStatusSource } from "./online-status.port.ts";
import type { CardClub, MemberClubsSource } from "./member-clubs.port.ts";
import { noRelationship, type Relationship, type SocialCounts } from "./social.schema.ts";
import type { SocialService } from "./social.service.server.ts";

/** The user card's data (spec 001 §3.4), as GET /callback/user/popup/{username} answers it. */
export interface UserCard extends Relationship {
  readonly userId: number;
  readonly uuid: string;
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly avatarUrl: string;
  readonly chessTitle: string | null;
  readonly country: string;
  /** Spec 001 §3.4 countryId: the ISO 3166-1 alpha-2 code is the country's id here (no numeric ids exist); "XX" is international. */
  readonly countryId: string;
  readonly countryName: string;
  readonly joinDate: string;
  readonly lastLoginDate: string | null;
  readonly statusText: string | null;
  readonly isEnabled: boolean;
  readonly isGuest: boolean;
  readonly isClosed: boolean;
  /** Message key of the closed-account label, when closed. */
  readonly closedLabel: string | null;
  readonly isFideVerified: boolean;
  readonly isStaff: boolean;
  readonly isModerator: boolean;
  readonly isStreamer: boolean;
  readonly isTopBlogger: boolean;
  readonly isCoach: boolean;
  readonly allowFriendRequests: boolean;
  readonly isMessageable: boolean;
  readonly notMessageableReasonCode: "closed" | "blocked" | "guest" | "self" | "anonymous" | null;
  readonly canReceiveGiftMembership: boolean;
  /** Ratings per game type, most played first (none before a rated game); the card shows the first three. */
  readonly ratings: readonly MemberRating[];
  /** Spec 001 §3.4: the main rating (the most played type) and the best ever reached, with their types; null before a rated game. */
  readonly rating: number | null;
  readonly ratingType: string | null;
  readonly bestRating: number | null;
  readonly bestRatingType: string | null;
  /** Spec 001 §3.4: online or offline, from presence. */
  readonly onlineStatus: OnlineStatus;
  /** The member's clubs, largest first, at most CARD_CLUBS (from the clubs feature). */
  readonly clubs: readonly CardClub[];
  readonly flair: { readonly code: string } | null;
  readonly membership: { readonly code: LevelName; readonly level: number; readonly name: LevelName };
  readonly counts: SocialCounts;
  /** The viewer's private note about this member. */
  readonly note: string | null;
  /** Viewer context: whether the viewer is this member. */
  readonly isSelf: boolean;
}

/** How many of a member's clubs the card names. */
export const CARD_CLUBS = 3;

function countryName(code: string, locale: string): string {
  if (code === "XX") return "International";
  return localizedRegionName(code, locale);
}

/** The best rating ever reached over every type, and its type. */
function bestOf(ratings: readonly MemberRating[]): { bestRating: number | null; bestRatingType: string | null } {
  let best: MemberRating | null = null;
  for (const rating of ratings) if (rating.best !== null && (best === null || rating.best > (best.best ?? 0))) best = rating;
  return { bestRating: best?.best ?? null, bestRatingType: best?.type ?? null };
}

/** The member a card is of, as the accounts feature's directory tells it. */
type CardMember = PublicMember;

export function createUserCardService(
  directory: Pick<MemberDirectory, "memberByUsername">,
  social: SocialService,
  notes: { noteAbout(authorId: number, subjectId: number): Promise<string | null> },
  ratingSource: MemberRatingSource,
  /** The membership feature's gift rule: the same function the gift route refuses with. */
  gifts: Pick<MembershipService, "giftRefusalFor">,
  online: OnlineStatusSource,
  memberClubs: MemberClubsSource,
) {
  type Viewer = { id: number; level: number } | null;

  /** The card of a member already read, with up to `clubLimit` of their clubs (the card itself names CARD_CLUBS). */
  async function cardOf(user: CardMember, viewer: Viewer, locale: string, clubLimit: number): Promise<UserCard> {
    const isSelf = viewer?.id === user.id;
    const [relationship, counts, note, ratings, onlineStatus, clubs] = await Promise.all([
      viewer && !isSelf ? social.relationship(viewer.id, user.id) : Promise.resolve(noRelationship),
      social.counts(user.id),
      viewer && !isSelf ? notes.noteAbout(viewer.id, user.id) : Promise.resolve(null),
      ratingSource.ratingsOf(user.id),
      online.statusOf(user.id),
      memberClubs.clubsOf(user.id, clubLimit),
    ]);
    const level = user.membershipLevel;
    const closed = isClosedLevel(level);
    const available = user.isEnabled && !closed;
    const reason: UserCard["notMessageableReasonCode"] = !viewer
      ? "anonymous"
      : isSelf
        ? "self"
        : !available
          ? "closed"
          : relationship.isBlocked || relationship.blocksCurrentUser
            ? "blocked"
            : level === 0 || viewer.level === 0
              ? "guest"
              : null;
    const name = membershipName(level);
    // The card offers only what the gift route would accept (the membership's rule, across the block rule).
    const giftRefusal =
      viewer && !isSelf ? await gifts.giftRefusalFor({ id: viewer.id, level: viewer.level }, user.username, async () => contactRefusal(relationship)) : "gift_to_self";
    return {
      ...relationship,
      userId: user.id,
      uuid: user.uuid,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      avatarUrl: user.avatarUrl ?? defaultAvatarUrl,
      chessTitle: user.chessTitle,
      country: user.countryCode,
      countryId: user.countryCode,
      countryName: countryName(user.countryCode, locale),
      joinDate: user.createdAt.toISOString(),
      lastLoginDate: user.lastLoginAt?.toISOString() ?? null,
      statusText: user.statusText,
      isEnabled: user.isEnabled,
      isGuest: level === 0,
      isClosed: closed,
      closedLabel: closed ? levelMessageIds[name] : null,
      isFideVerified: false,
      isStaff: hasAtLeast(level, "staff"),
      isModerator: isExactly(level, "moderator"),
      isStreamer: user.isStreamer,
      isTopBlogger: false,
      isCoach: false,
      allowFriendRequests: user.allowFriendRequests,
      isMessageable: reason === null,
      notMessageableReasonCode: reason,
      canReceiveGiftMembership: giftRefusal === null,
      ratings,
      rating: ratings[0]?.rating ?? null,
      ratingType: ratings[0]?.type ?? null,
      ...bestOf(ratings),
      onlineStatus,
      clubs,
      flair: flairOf(user),
      membership: { code: name, level, name },
      counts,
      note,
      isSelf,
    };
  }

  return {
    async card(username: string, viewer: Viewer, locale: string): Promise<UserCard | null> {
      const user = await directory.memberByUsername(username);
      return user ? cardOf(user, viewer, locale, CARD_CLUBS) : null;
    },

    /**
     * The card of a member another feature already read from the directory
     * (the members feature's profile), with up to `clubLimit` of their clubs:
     * the relationship, counters, note, ratings, presence and clubs are asked
     * here, so the card's rules stay the social feature's.
     */
    cardOf,
  };
}

export type UserCardService = ReturnType<typeof createUserCardService>;

/** The flair the card shows (none when hidden, the placeholder or no longer the member's to wear). */
function flairOf(user: { readonly flairCode: string; readonly flairStatus: string; readonly membershipLevel: number }): { readonly code: string } | null {
  const code = shownFlairCode(user);
  return code ? { code } : null;
}
