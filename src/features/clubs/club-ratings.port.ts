/**
 * What the clubs feature asks of ratings (decision 0076): a club's average
 * daily rating for the public club API. Clubs do not import ratings; a
 * declared port, provided in the composition root (src/app/clubs-ratings.server.ts).
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface ClubRatingsSource {
  /** The rounded average daily (standard) rating of the members who have one; 0 when none has. */
  averageDailyRating(clubId: number): Promise<number>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    clubRatings: ClubRatingsSource;
  }
}

export function clubRatingsThrough(ports: PortAccess): ClubRatingsSource {
  return { averageDailyRating: (clubId) => ports.get("clubRatings").averageDailyRating(clubId) };
}
