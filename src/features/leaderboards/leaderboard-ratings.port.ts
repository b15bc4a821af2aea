/**
 * The ratings the boards and stats pages read, and the ranking engine they
 * drive (decisions 0050, 0066), as a declared port: the ratings feature's
 * services reach the leaderboards through the composition root
 * (src/app/leaderboards-sources.server.ts), so a list without the ratings
 * fails the start naming the port.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { RatingRanksService } from "../ratings/rating-ranks.service.server.ts";
import type { RatingsService } from "../ratings/ratings.service.server.ts";

export type LeaderboardRatings = Pick<RatingsService, "distribution" | "ratingsOf" | "ratingHistory" | "recordsOf"> & {
  readonly rankedPage: RatingRanksService["page"];
  readonly standingOf: RatingRanksService["standingOf"];
  readonly trendsOf: RatingRanksService["trendsOf"];
  readonly rebuildRanks: RatingRanksService["rebuild"];
  readonly withdrawRanks: RatingRanksService["withdraw"];
};

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    leaderboardRatings: LeaderboardRatings;
  }
}

export function leaderboardRatingsThrough(ports: PortAccess): LeaderboardRatings {
  const port = () => ports.get("leaderboardRatings");
  return {
    rankedPage: (type, page) => port().rankedPage(type, page),
    standingOf: (memberId, type) => port().standingOf(memberId, type),
    trendsOf: (type, memberIds, since) => port().trendsOf(type, memberIds, since),
    rebuildRanks: (type, eligibility, day, keepSince) => port().rebuildRanks(type, eligibility, day, keepSince),
    withdrawRanks: (memberId) => port().withdrawRanks(memberId),
    distribution: (type, band) => port().distribution(type, band),
    ratingsOf: (memberId) => port().ratingsOf(memberId),
    recordsOf: (memberId) => port().recordsOf(memberId),
    ratingHistory: (memberId, type, since) => port().ratingHistory(memberId, type, since),
  };
}
