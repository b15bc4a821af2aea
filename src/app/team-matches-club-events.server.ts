/**
 * Team matches as club events (issue 25 item 5): daily team matches and live
 * team matches in the events frame's current, past and upcoming lists and
 * counts, and their open registrations as the daily and team-match seeks.
 * The clubs feature's frame and the team-matches feature meet here.
 */
import type { ClubEventItem, ClubEventType } from "../features/clubs/events/club-events.schema.ts";
import { defineFeature, serviceFrom, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";
import { generateLink } from "../platform/links/links.ts";
import type { TeamMatchStatus } from "../features/team-matches/team-matches.schema.ts";

const kindOfType = { daily_team_match: "daily", team_match: "live" } as const;
const typeOfKind = { daily: "daily_team_match", live: "team_match" } as const;
const isTeamMatchType = (type: ClubEventType): type is keyof typeof kindOfType => Object.hasOwn(kindOfType, type);

/** The frame's statuses (spec 001 §3.9): a match being paired is already in progress. */
const eventStatusOf = (status: TeamMatchStatus): ClubEventItem["status"] => (status === "starting" ? "in_progress" : status);

export const teamMatchesClubEventsBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "team-matches-club-events",
  tables: {},
  messageCatalogs: [],
  createServices: (_deps, earlier) => {
    const events = serviceFrom(earlier, "clubEvents", "team-matches-club-events");
    const matches = serviceFrom(earlier, "teamMatches", "team-matches-club-events");
    const challenges = serviceFrom(earlier, "teamMatchChallenges", "team-matches-club-events");
    const path = (id: number) => generateLink("web_club_match", { match: String(id) });
    events.registerSource({
      types: ["daily_team_match", "team_match"],
      async list(clubId, group, types, page) {
        const answer = await matches.eventsOfClub(clubId, group, types.filter(isTeamMatchType).map((type) => kindOfType[type]), page);
        return {
          total: answer.total,
          events: answer.events.map((event) => ({ type: typeOfKind[event.kind], id: event.id, name: event.name, status: eventStatusOf(event.status), startsAt: event.startsAt, endsAt: event.endsAt, participants: event.participants, path: path(event.id) })),
        };
      },
      async count(clubId, group) {
        const counts = await matches.eventCounts(clubId, group);
        return { daily_team_match: counts.daily, team_match: counts.live };
      },
      async find(type, id) {
        const event = isTeamMatchType(type) ? await matches.findEvent(id) : null;
        return event && event.kind === (isTeamMatchType(type) ? kindOfType[type] : null) ? { clubId: event.clubId, status: eventStatusOf(event.status) } : null;
      },
      seekKinds: ["daily", "team-match"],
      async seeks(clubId, kind) {
        const answer = await matches.eventsOfClub(clubId, "upcoming", [kind === "daily" ? "daily" : "live"], { limit: 50, offset: 0 });
        return answer.events.map((event) => ({ kind, id: event.id, name: event.name, createdAt: event.openedAt, path: path(event.id) }));
      },
    });
    // The club page shows its owner and admins the challenges waiting on either side (decision 0076).
    events.registerChallengeSource({
      async pendingOfClub(clubId, limit) {
        const pending = await challenges.pendingOfClubs([clubId], null, limit);
        return pending.map((challenge) => {
          const incoming = challenge.opponent.id === clubId;
          const other = incoming ? challenge.challenger : challenge.opponent;
          return { id: challenge.id, name: challenge.name, incoming, otherClub: { url: other.url, name: other.name }, kind: challenge.terms.kind, startsAt: challenge.terms.startsAt };
        });
      },
    });
    return {};
  },
});
