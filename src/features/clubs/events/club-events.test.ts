import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { signIn, type SignedIn } from "../../presence/presence.test-kit.server.ts";
import { createTestClub } from "../club-fixture.server.ts";
import type { ClubRef } from "../club-access.service.server.ts";
import { clubEventTypes, type ClubEventCount, type ClubEventList, type ClubSeekList } from "./club-events.schema.ts";
import type { ClubEventsService } from "./club-events.service.server.ts";

/** The types the team-matches feature provides (its source is registered by the composition root). */
const teamMatchTypes: readonly string[] = ["daily_team_match", "team_match"];

/**
 * The events frame through the real server (issue 11 item 7): every GET
 * callback of spec 000 §7 in its documented shape, honest empty lists while
 * no event feature exists, refusals, and subscriptions once a source provides
 * an event (a source registered the way a future feature will).
 */
describe.each(databaseTargets())("club events frame on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  let alice: SignedIn;
  let club: ClubRef;
  const visitor = () => new HttpSession(app.baseUrl);
  const getJson = async (path: string) => {
    const response = await visitor().request("GET", path, { headers: { accept: "application/json" } });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    app = suite.current;
    alice = await signIn(app, "alice");
    club = await createTestClub(app.kingside.database.db, { owner: alice.id });
  });

  it("answers every list, count and seeks call with empty lists that say which types are not built yet", async () => {
    const lists: Array<[string, string, readonly string[]]> = [
      [`/callback/clubs/daily/upcoming/${club.id}`, "upcoming", ["daily_team_match"]],
      [`/callback/clubs/live/upcoming/${club.id}`, "upcoming", ["arena", "live_tournament", "team_match", "multi_club_arena"]],
      [`/callback/clubs/votechess/upcoming/${club.id}`, "upcoming", ["vote_chess_games"]],
      [`/callback/clubs/upcoming/${club.id}/arena`, "upcoming", ["arena"]],
      [`/callback/clubs/daily/current/${club.id}`, "current", ["daily_team_match"]],
      [`/callback/clubs/live/current/${club.id}`, "current", ["arena", "live_tournament", "team_match", "multi_club_arena"]],
      [`/callback/clubs/votechess/current/${club.id}`, "current", ["vote_chess_games"]],
      [`/callback/clubs/current/${club.id}/team_match`, "current", ["team_match"]],
      [`/callback/clubs/daily/past/${club.id}`, "past", ["daily_team_match"]],
      [`/callback/clubs/live/past/${club.id}`, "past", ["arena", "live_tournament", "team_match", "multi_club_arena"]],
      [`/callback/clubs/votechess/past/${club.id}`, "past", ["vote_chess_games"]],
      [`/callback/clubs/past/${club.id}/vote_chess_games`, "past", ["vote_chess_games"]],
    ];
    for (const [path, group, types] of lists) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(200);
      // Team matches are a source since issue 25 (src/app/team-matches-club-events.server.ts): their types are available.
      expect(body, path).toEqual({ clubId: club.id, group, types, events: [], total: 0, page: 1, pageSize: 20, unavailableTypes: types.filter((type) => !teamMatchTypes.includes(type)) });
    }
    const withoutClub = await getJson("/callback/clubs/votechess/upcoming");
    expect(withoutClub).toMatchObject({ status: 200, body: { events: [], unavailableTypes: ["vote_chess_games"] } });

    for (const [path, group] of [
      ["currentevents", "current"],
      ["pastevents", "past"],
      ["upcomingevents", "upcoming"],
    ] as const) {
      const { status, body } = await getJson(`/callback/clubs/count/${path}/${club.id}`);
      expect(status).toBe(200);
      expect(body).toEqual({ clubId: club.id, group, count: 0, byType: Object.fromEntries(clubEventTypes.map((type) => [type, 0])), unavailableTypes: clubEventTypes.filter((type) => !teamMatchTypes.includes(type)) });
    }
    for (const [path, kind] of [
      ["daily/seeks", "daily"],
      ["votechess/seeks", "votechess"],
      ["team-match/seeks", "team-match"],
      ["multi-club/challenges", "multi-club"],
    ] as const) {
      const { status, body } = await getJson(`/callback/clubs/${path}/${club.id}`);
      expect(status).toBe(200);
      expect(body).toEqual({ clubId: club.id, kind, seeks: [], available: kind === "daily" || kind === "team-match" } satisfies ClubSeekList);
    }
  });

  it("refuses ids that are not digits, clubs that do not exist and unknown event types", async () => {
    expect(await getJson("/callback/clubs/live/upcoming/abc")).toMatchObject({ status: 404, body: { code: "club_not_found" } });
    expect(await getJson(`/callback/clubs/live/upcoming/${club.url}`)).toMatchObject({ status: 404, body: { code: "club_not_found" } });
    expect(await getJson("/callback/clubs/count/pastevents/999999999")).toMatchObject({ status: 404, body: { code: "club_not_found", message: "This club does not exist." } });
    expect(await getJson(`/callback/clubs/current/${club.id}/bughouse`)).toMatchObject({ status: 404, body: { code: "unknown_event_type" } });
    expect(await getJson(`/callback/clubs/daily/seeks/-1`)).toMatchObject({ status: 404, body: { code: "club_not_found" } });
  });

  it("subscribes a member to an upcoming live event and unsubscribes them; refuses visitors, unknown types and events, and events under way", async () => {
    // A source as the arena feature will register one: two arenas of this club, one scheduled, one in progress.
    const events: ClubEventsService = app.kingside.services.clubEvents;
    const arenas = [
      { type: "arena" as const, id: 7001, name: "Friday arena", status: "scheduled" as const, startsAt: "2030-01-01T18:00:00.000Z", endsAt: null, participants: 0, path: null },
      { type: "arena" as const, id: 7002, name: "Blitz arena", status: "in_progress" as const, startsAt: "2026-01-01T18:00:00.000Z", endsAt: null, participants: 12, path: null },
    ];
    events.registerSource({
      types: ["arena"],
      list: async (clubId, group) => {
        const shown = arenas.filter((arena) => clubId === club.id && (group === "upcoming" ? arena.status === "scheduled" : group === "current" ? arena.status === "in_progress" : false));
        return { events: shown, total: shown.length };
      },
      count: async (clubId, group) => ({ arena: clubId === club.id ? (group === "past" ? 0 : 1) : 0 }),
      find: async (_type, id) => {
        const arena = arenas.find((entry) => entry.id === id);
        return arena ? { clubId: club.id, status: arena.status } : null;
      },
    });
    const upcoming = (await getJson(`/callback/clubs/live/upcoming/${club.id}`)).body as ClubEventList;
    expect(upcoming.events.map((event) => event.name)).toEqual(["Friday arena"]);
    expect(upcoming.unavailableTypes).toEqual(["live_tournament", "multi_club_arena"]);
    expect(((await getJson(`/callback/clubs/count/currentevents/${club.id}`)).body as ClubEventCount).count).toBe(1);

    expect((await visitor().post("/callback/clubs/live/upcoming/subscribe/arena/7001")).status).toBe(401);
    const subscribe = await alice.session.post("/callback/clubs/live/upcoming/subscribe/arena/7001");
    expect(subscribe.status).toBe(200);
    expect(await subscribe.json()).toEqual({ status: "ok", subscribed: true, message: "Subscribed to event." });
    // Twice is still one subscription.
    expect((await alice.session.post("/callback/clubs/live/upcoming/subscribe/arena/7001")).status).toBe(200);
    expect(await events.subscribers("arena", 7001)).toEqual([alice.id]);
    const refusals: Array<[string, number, string]> = [
      ["/callback/clubs/live/upcoming/subscribe/arena/7002", 409, "not_upcoming"],
      ["/callback/clubs/live/upcoming/subscribe/arena/9999", 404, "event_not_found"],
      ["/callback/clubs/live/upcoming/subscribe/team-match/1", 404, "event_not_found"],
      ["/callback/clubs/live/upcoming/subscribe/daily/1", 404, "unknown_event_type"],
      ["/callback/clubs/live/upcoming/subscribe/arena/abc", 404, "event_not_found"],
    ];
    for (const [path, status, code] of refusals) {
      const response = await alice.session.post(path);
      expect(response.status, path).toBe(status);
      expect(await response.json(), path).toMatchObject({ code });
    }
    const unsubscribe = await alice.session.delete("/callback/clubs/live/upcoming/subscribe/arena/7001");
    expect(await unsubscribe.json()).toEqual({ status: "ok", subscribed: false, message: "Unsubscribed from event." });
    expect(await events.subscribers("arena", 7001)).toEqual([]);
  });

  it("renders the events pages for anyone, with the honest empty state, and 404 for an unknown club", async () => {
    const other = await createTestClub(app.kingside.database.db, { owner: alice.id, name: "Quiet Knights" });
    for (const path of ["events", "currentevents", "pastevents", "upcomingevents"]) {
      const response = await visitor().get(`/clubs/${path}/${other.url}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain("Quiet Knights");
      expect(html, path).toContain("are not on Kingside yet");
    }
    expect(await (await visitor().get(`/clubs/upcomingevents/${other.url}`)).text()).toContain("No upcoming events.");
    expect((await visitor().get("/clubs/events/no-such-club-here")).status).toBe(404);
  });
});
