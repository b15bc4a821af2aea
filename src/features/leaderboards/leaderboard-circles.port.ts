/**
 * The circles a leaderboard can be narrowed to (spec 001 §2.1): a member's
 * friends and a club's members. Declared here, where it is needed; the
 * composition root provides it from the social and clubs features
 * (src/app/leaderboards-sources.server.ts), so this feature imports neither.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface LeaderboardClub {
  readonly id: number;
  readonly name: string;
  readonly url: string;
}

export interface LeaderboardCircles {
  /** The ids of a member's friends. */
  friendIdsOf(memberId: number): Promise<readonly number[]>;
  /** A club by id, or null when there is none. */
  club(clubId: number): Promise<LeaderboardClub | null>;
  /** The ids of a club's members, at most `limit`. */
  clubMemberIds(clubId: number, limit: number): Promise<readonly number[]>;
  /** The clubs a member belongs to (the group filter's choices). */
  clubsOf(memberId: number): Promise<readonly LeaderboardClub[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    leaderboardCircles: LeaderboardCircles;
  }
}

export function leaderboardCirclesThrough(ports: PortAccess): LeaderboardCircles {
  return {
    friendIdsOf: (memberId) => ports.get("leaderboardCircles").friendIdsOf(memberId),
    club: (clubId) => ports.get("leaderboardCircles").club(clubId),
    clubMemberIds: (clubId, limit) => ports.get("leaderboardCircles").clubMemberIds(clubId, limit),
    clubsOf: (memberId) => ports.get("leaderboardCircles").clubsOf(memberId),
  };
}
