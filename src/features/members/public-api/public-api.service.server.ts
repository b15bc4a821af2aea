import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { FollowsService } from "../../social/follows.service.server.ts";
import type { PresenceService } from "../../presence/presence.service.server.ts";
import { hasPublicProfile } from "./player-status.ts";

/** What the API knows about one member: the service's answer, which the presenter turns into the DTO. */
export interface PublicPlayerRecord {
  readonly id: number;
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  readonly avatarUrl: string | null;
  readonly isEnabled: boolean;
  readonly isStreamer: boolean;
  /** Unix seconds. */
  readonly joinedAt: number;
  /** Unix seconds: the latest sign-in or live connection; the join date when there was none. */
  readonly lastOnlineAt: number;
  readonly followers: number;
  /** Unix seconds: the latest change to this member that the database dates (see docs/decisions/0008). */
  readonly lastModifiedAt: number;
}

const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** What the public API reads from the features that own each part, each through its service. */
export interface PublicPlayerSources {
  /** The accounts feature: the member and the latest dated change to their account, in one prepared read. */
  readonly directory: Pick<MemberDirectory, "memberWithLastChangeByUsername" | "memberByUsername">;
  /** The social feature: how many follow the member and when the latest did. */
  readonly followers: Pick<FollowsService, "followersSummary">;
  /** The presence feature: when the member was last seen leaving. */
  readonly presence: Pick<PresenceService, "recordedLastSeen">;
}

/**
 * Read side of the public player API, a read model of three prepared reads:
 * the member by username (accounts), then their followers (social) and their
 * last-seen time (presence) side by side. No feature's tables are read here.
 */
export function createPublicPlayerService(sources: PublicPlayerSources) {
  return {
    /** The member behind a username (any casing), or null: unknown, or a guest (no public profile). */
    async player(username: string): Promise<PublicPlayerRecord | null> {
      const member = await sources.directory.memberWithLastChangeByUsername(username);
      if (!member || !hasPublicProfile(member.membershipLevel)) return null;
      const [followers, lastSeenAt] = await Promise.all([sources.followers.followersSummary(member.id), sources.presence.recordedLastSeen(member.id)]);
      const joinedAt = toSeconds(member.createdAt);
      const onlineTimes = [member.lastLoginAt, lastSeenAt].filter((date): date is Date => date !== null).map(toSeconds);
      // Every dated change the response can show: the account's, being seen online, a new follower.
      const changeTimes = [member.accountChangedAt, ...[lastSeenAt, followers.lastFollowedAt].filter((date): date is Date => date !== null).map(toSeconds)].filter(Number.isFinite);
      return {
        id: member.id,
        username: member.username,
        firstName: member.firstName,
        lastName: member.lastName,
        countryCode: member.countryCode,
        chessTitle: member.chessTitle,
        membershipLevel: member.membershipLevel,
        avatarUrl: member.avatarUrl,
        isEnabled: member.isEnabled,
        isStreamer: member.isStreamer,
        joinedAt,
        lastOnlineAt: onlineTimes.length > 0 ? Math.max(...onlineTimes) : joinedAt,
        followers: followers.followers,
        lastModifiedAt: changeTimes.length > 0 ? Math.max(...changeTimes) : joinedAt,
      };
    },

    /** The member's clubs (from the clubs feature, through `clubsOf`); null when the member has no public profile. */
    async clubs(username: string, clubsOf: PublicClubsOf): Promise<readonly PublicMemberClub[] | null> {
      const member = await sources.directory.memberByUsername(username);
      if (!member || !hasPublicProfile(member.membershipLevel)) return null;
      return clubsOf(member.id);
    },
  };
}

/** One club of a member as the clubs feature tells it. */
export interface PublicMemberClub {
  readonly url: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly joinedAt: Date;
  readonly lastActivityAt: Date;
}

/** Where the member's clubs come from: the clubs feature (the composition hands it over); none without it. */
export type PublicClubsOf = (memberId: number) => Promise<readonly PublicMemberClub[]>;
export const noPublicClubs: PublicClubsOf = async () => [];

export type PublicPlayerService = ReturnType<typeof createPublicPlayerService>;
