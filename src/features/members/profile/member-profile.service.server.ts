/**
 * The member profile (/member/{username}) as a read model owned by the
 * members feature: it reads the member from the accounts feature's directory
 * once, then asks the social feature for the card (relationship, counters,
 * note, and through the card's ports the ratings from play, the presence and
 * the clubs), the member's friends and, for the member themselves, their
 * pending requests. No feature's tables are read here.
 */
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { FriendshipsService, PendingFriendRequest } from "../../social/friendships.service.server.ts";
import type { FriendEntry } from "../../social/social.schema.ts";
import type { CardClub } from "../../social/member-clubs.port.ts";
import { CARD_CLUBS, type UserCard, type UserCardService } from "../../social/user-card.service.server.ts";
import type { MemberTrophiesSource, ProfileTrophyCabinet } from "./member-trophies.port.ts";

export interface MemberProfileSources {
  readonly directory: Pick<MemberDirectory, "memberProfileByUsername">;
  readonly cards: Pick<UserCardService, "cardOf">;
  readonly friendships: Pick<FriendshipsService, "friendsOf" | "pendingFriendRequests">;
  /** The trophies feature's cabinet, through the port members declared. */
  readonly trophies: MemberTrophiesSource;
}

export interface MemberProfileView {
  readonly card: UserCard;
  /** Where the member lives and their bio: what only the profile shows. */
  readonly about: { readonly location: string | null; readonly bio: string | null };
  /** More of their clubs than the card names. */
  readonly clubs: readonly CardClub[];
  /** Their friends, the viewer's own friends first, with the total. */
  readonly friends: { readonly friends: readonly FriendEntry[]; readonly total: number };
  /** Only the member sees their own pending requests; null for anyone else. */
  readonly pendingRequests: { readonly incoming: readonly PendingFriendRequest[]; readonly outgoing: readonly PendingFriendRequest[] } | null;
  /** The trophy cabinet: the showcase and the count. */
  readonly trophies: ProfileTrophyCabinet;
}

export type ProfileViewer = { readonly id: number; readonly level: number } | null;

export function createMemberProfiles(sources: MemberProfileSources) {
  return {
    async profile(username: string, viewer: ProfileViewer, locale: string, limits: { readonly clubs: number; readonly friends: number }): Promise<MemberProfileView | null> {
      const member = await sources.directory.memberProfileByUsername(username);
      if (!member) return null;
      const isSelf = viewer?.id === member.id;
      const [card, friends, pendingRequests, trophies] = await Promise.all([
        sources.cards.cardOf(member, viewer, locale, Math.max(limits.clubs, CARD_CLUBS)),
        sources.friendships.friendsOf(member.id, viewer?.id ?? null, { orderByFriendsFirst: viewer !== null, limit: limits.friends, offset: 0 }),
        isSelf ? sources.friendships.pendingFriendRequests(member.id) : Promise.resolve(null),
        sources.trophies.cabinetOf(member.id),
      ]);
      return {
        card: { ...card, clubs: card.clubs.slice(0, CARD_CLUBS) },
        about: { location: member.location, bio: member.bio },
        clubs: card.clubs.slice(0, limits.clubs),
        friends,
        pendingRequests,
        trophies,
      };
    },
  };
}

export type MemberProfiles = ReturnType<typeof createMemberProfiles>;
