/**
 * A member's ratings for the user card and the profile, as a declared port
 * (decisions 0045, 0050): social needs it, the ratings feature provides it
 * (ratings.feature.server.ts); a list without a provider fails the start.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface MemberRating {
  /** A rating type key: bullet, blitz, rapid, daily, live960, ... */
  readonly type: string;
  readonly rating: number;
  /** Too few games for the rating to be trusted yet: shown with a "?". */
  readonly provisional: boolean;
  readonly games: number;
  /** The highest rating reached in the type. */
  readonly best: number | null;
}

export interface MemberRatingSource {
  /** The member's ratings, most played first. */
  ratingsOf(memberId: number): Promise<readonly MemberRating[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    memberRatings: MemberRatingSource;
  }
}

export function memberRatingsThrough(ports: PortAccess): MemberRatingSource {
  return { ratingsOf: (memberId) => ports.get("memberRatings").ratingsOf(memberId) };
}
