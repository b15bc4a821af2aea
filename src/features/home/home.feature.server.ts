import { defineFeature, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import { subscribeTo } from "../../platform/domain-events/domain-events.server.ts";
import { memberJoinedClubDomainEvent } from "../clubs/clubs.domain-events.server.ts";
import { gameEndedDomainEvent } from "../play/play.domain-events.server.ts";
import { trophyReceivedDomainEvent } from "../trophies/trophies.domain-events.server.ts";
import { createHomeFeed, type HomeFeed } from "./home-feed.service.server.ts";
import { homeSourcesThrough } from "./home-sources.port.ts";
import { createMemberHome, type MemberHomeService } from "./member-home.service.server.ts";
import * as homeTables from "./home.tables.server.ts";

export interface HomeServices {
  readonly homeFeed: HomeFeed;
  readonly memberHome: MemberHomeService;
}

/**
 * A member's home (issue 22 items 1–2, decision 0057): /home with their games,
 * ratings, friends online, clubs' news and the feed, which it writes itself
 * from play's, clubs' and trophies' domain events. Everything else it shows comes
 * through the homeSources port (src/app/home-sources.server.ts).
 */
export const homeFeature: FeatureDefinition<HomeServices> = defineFeature<HomeServices>({
  name: "home",
  tables: homeTables,
  messageCatalogs: ["features/home/messages"],
  needs: ["homeSources"],
  createServices: ({ db, ports }) => {
    const sources = homeSourcesThrough(ports);
    const homeFeed = createHomeFeed(db, sources);
    return { homeFeed, memberHome: createMemberHome(homeFeed, sources) };
  },
  // Each runs once per event across instances; a repeat after a crash writes nothing (unique event and actor).
  subscriptions: ({ services }) => [
    subscribeTo(gameEndedDomainEvent, "feed-game-finished", ({ id, payload, createdAt }) => services.homeFeed.recordGameEnded(id, createdAt, payload)),
    subscribeTo(memberJoinedClubDomainEvent, "feed-club-joined", ({ id, payload, createdAt }) => services.homeFeed.recordClubJoined(id, createdAt, payload)),
    subscribeTo(trophyReceivedDomainEvent, "feed-trophy-received", ({ id, payload, createdAt }) => services.homeFeed.recordTrophyReceived(id, createdAt, payload)),
  ],
});
