import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client.server.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { readSwissSettings } from "./arena-settings.ts";
import { DEMO_SWISS_URL, seedDemoSwiss } from "./demo-swiss.server.ts";
import { tournamentGames, tournamentPlayers, tournaments } from "./tournaments.tables.server.ts";
import type { SwissLive } from "./tournaments.schema.ts";

/** The app's clock, moved forward by the tests (play keeps the real one for its game clocks). */
let offsetMs = 0;
const clock = () => Date.now() + offsetMs;

const form = (overrides: Record<string, string> = {}) => ({
  kind: "swiss",
  name: "Friday Swiss",
  description: "Five rounds of rapid.",
  rules: "standard",
  control: "10+5",
  rated: "1",
  startsAt: new Date(clock() + 10 * 60_000).toISOString(),
  rounds: "5",
  ...overrides,
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseTargets())("Swiss tournaments on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 }, { clock });
  const { as, anonymous } = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  const services = () => suite.current.kingside.services;

  async function memberNamed(username: string) {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return { id: row.id, username, level: 1 };
  }
  async function swissOf(url: string) {
    const [row] = await db().select().from(tournaments).where(eq(tournaments.url, url));
    if (!row) throw new Error(`no Swiss ${url}`);
    return row;
  }
  const roundGames = (tournamentId: number, round: number) => db().select().from(tournamentGames).where(and(eq(tournamentGames.tournamentId, tournamentId), eq(tournamentGames.round, round)));
  const codeOf = async (response: Response) => [response.status, ((await response.json()) as { code: string }).code];

  it("creates a Swiss from the create form, lets its creator edit it before the start, and refuses others, bad rounds and a started one", async () => {
    const alice = await as("alice");
    const created = await alice.post("/callback/tournament/create", form());
    expect(created.status).toBe(200);
    const { url } = (await created.json()) as { url: string };
    const swiss = await swissOf(url);
    expect(swiss).toMatchObject({ kind: "swiss", name: "Friday Swiss", baseSeconds: 600, incrementSeconds: 5, rounds: 5, currentRound: 0, status: "upcoming" });
    // The lists' estimate: five rounds of two clocks of ten minutes and forty increments, and a minute between.
    expect(swiss.durationMinutes).toBe(5 * Math.ceil((2 * (600 + 40 * 5)) / 60 + 1));

    expect((await alice.post(`/callback/tournament/${swiss.id}/edit`, form({ rounds: "7", name: "Friday Swiss II" }))).status).toBe(200);
    expect(await swissOf(url)).toMatchObject({ rounds: 7, name: "Friday Swiss II", kind: "swiss" });
    for (const [fields, code] of [
      [{ rounds: "1" }, "invalid_rounds"],
      [{ rounds: "16" }, "invalid_rounds"],
      [{ rounds: "five" }, "invalid_rounds"],
      [{ control: "4+0" }, "invalid_control"],
      [{ name: "x" }, "invalid_name"],
    ] as const) {
      expect(await codeOf(await alice.post(`/callback/tournament/${swiss.id}/edit`, form(fields)))).toEqual([422, code]);
      expect(await codeOf(await alice.post("/callback/tournament/create", form(fields)))).toEqual([422, code]);
    }
    expect(await codeOf(await (await as("bob")).post(`/callback/tournament/${swiss.id}/edit`, form({ name: "Mine now" })))).toEqual([403, "not_creator"]);
    expect((await anonymous().post("/callback/tournament/create", form())).status).toBe(401);
    await db().update(tournaments).set({ startsAt: new Date(clock() - 1000) }).where(eq(tournaments.id, swiss.id));
    expect(await codeOf(await alice.post(`/callback/tournament/${swiss.id}/edit`, form({ name: "Too late" })))).toEqual([403, "started"]);
    expect((await swissOf(url)).name).toBe("Friday Swiss II");
    // The hub lists it as a Swiss, linked to its page.
    const hub = await (await anonymous().get("/tournaments")).text();
    expect(hub).toContain(`href="/tournament/live/${url}"`);
  });

  it("plays a whole Swiss through play's games: byes once each, a late join, a withdrawal, no repeat, tie-breaks and the crosstable", async () => {
    const [alice, bob, carla, moderator, staff] = await Promise.all(["alice", "bob", "carla", "moderator", "staff"].map(memberNamed));
    if (!alice || !bob || !carla || !moderator || !staff) throw new Error("demo members");
    const [lateRow] = await db()
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(notInArray(users.usernameKey, ["alice", "bob", "carla", "moderator", "staff"]))
      .limit(1);
    if (!lateRow) throw new Error("a demo member to join late");
    const late = { id: lateRow.id, username: lateRow.username, level: 1 };
    const byId = new Map([alice, bob, carla, moderator, staff, late].map((member) => [member.id, member]));

    const created = await services().swiss.create(alice, readSwissSettings(form({ name: "Course Swiss", rounds: "3", control: "3+2" }), clock()));
    if (!created.ok) throw new Error(created.error);
    const swiss = await swissOf(created.value.url);
    for (const member of [alice, bob, carla, moderator, staff]) expect(await services().swiss.join(member, swiss.url)).toEqual({ ok: true, value: null });
    // Withdrawing before the start takes the player off the list; they may join again.
    expect(await services().swiss.withdraw(staff, swiss.url)).toEqual({ ok: true, value: null });
    expect(await services().swiss.withdraw(staff, swiss.url)).toEqual({ ok: false, error: "not_joined" });
    expect(await services().swiss.join(staff, swiss.url)).toEqual({ ok: true, value: null });
    expect(await services().swiss.join({ id: bob.id, level: 0 }, swiss.url)).toEqual({ ok: false, error: "guest" });
    expect(await services().swiss.join(bob, "no-such-swiss")).toEqual({ ok: false, error: "not_found" });
    // Ratings fixed for the test: carla, bob, alice, moderator, staff (the pairing numbers 1 to 5).
    for (const [member, rating] of [[carla, 1900], [bob, 1800], [alice, 1700], [moderator, 1600], [staff, 1500]] as const) {
      await db().update(tournamentPlayers).set({ rating }).where(and(eq(tournamentPlayers.tournamentId, swiss.id), eq(tournamentPlayers.memberId, member.id)));
    }

    offsetMs += 11 * 60_000;
    await services().swiss.advance();
    expect(await swissOf(swiss.url)).toMatchObject({ status: "running", currentRound: 1 });
    const round1 = await waitFor(() => roundGames(swiss.id, 1), (rows) => rows.filter((row) => row.status === "playing").length === 2);
    // Five players: the lowest (staff) has the bye and its point; 1–3 (carla–alice) and 4–2 (moderator–bob) on the boards.
    const bye1 = round1.find((row) => row.result === "bye");
    expect(bye1?.whiteId).toBe(staff.id);
    const pairs1 = round1.filter((row) => row.result !== "bye").map((row) => [row.whiteId, row.blackId]);
    expect(pairs1).toEqual([
      [carla.id, alice.id],
      [moderator.id, bob.id],
    ]);
    expect((await db().select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, swiss.id), eq(tournamentPlayers.memberId, staff.id))))[0]?.score).toBe(2);

    // A late join during round 1: in from round 2 with no points.
    expect(await services().swiss.join(late, swiss.url)).toEqual({ ok: true, value: null });
    await db().update(tournamentPlayers).set({ rating: 1400 }).where(and(eq(tournamentPlayers.tournamentId, swiss.id), eq(tournamentPlayers.memberId, late.id)));

    /** Ends every game of a round: the higher rated wins, except the draws asked for. */
    async function playRound(round: number, draws: readonly (readonly [number, number])[] = []) {
      const rows = await roundGames(swiss.id, round);
      for (const row of rows) {
        if (row.result === "bye" || row.gameId === null) continue;
        const white = byId.get(row.whiteId);
        const black = byId.get(row.blackId);
        if (!white || !black) throw new Error("unknown player");
        if (draws.some(([a, b]) => (a === white.id && b === black.id) || (a === black.id && b === white.id))) {
          expect((await services().games.act(white, row.gameId, "draw.offer")).ok).toBe(true);
          expect((await services().games.act(black, row.gameId, "draw.accept")).ok).toBe(true);
          continue;
        }
        const ratings = await db().select({ memberId: tournamentPlayers.memberId, rating: tournamentPlayers.rating }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, swiss.id));
        const ratingOf = (id: number) => ratings.find((entry) => entry.memberId === id)?.rating ?? 0;
        const loser = ratingOf(white.id) > ratingOf(black.id) ? black : white;
        expect((await services().games.act(loser, row.gameId, "resign")).ok).toBe(true);
      }
    }

    // Round 1: carla beats alice; moderator and bob draw. The next round is paired when the last game ends.
    await playRound(1, [[moderator.id, bob.id]]);
    await waitFor(() => swissOf(swiss.url), (row) => row.currentRound === 2);
    const round2 = await waitFor(() => roundGames(swiss.id, 2), (rows) => rows.filter((row) => row.status === "playing").length === 3);
    expect(round2.some((row) => row.result === "bye")).toBe(false);
    expect(round2.some((row) => row.whiteId === late.id || row.blackId === late.id)).toBe(true);

    // Staff withdraws during round 2: their game is played out and counts; round 3 pairs five, the bye to someone new.
    expect(await services().swiss.withdraw(staff, swiss.url)).toEqual({ ok: true, value: null });
    await playRound(2);
    await waitFor(() => swissOf(swiss.url), (row) => row.currentRound === 3);
    const round3 = await waitFor(() => roundGames(swiss.id, 3), (rows) => rows.filter((row) => row.status === "playing").length === 2);
    expect(round3.some((row) => row.whiteId === staff.id || row.blackId === staff.id)).toBe(false);
    const bye3 = round3.find((row) => row.result === "bye");
    expect(bye3).toBeDefined();
    expect(bye3?.whiteId).not.toBe(staff.id);

    // A refusal while it runs: the late joiner cannot join twice into the past, a stranger cannot withdraw.
    expect(await services().swiss.withdraw({ id: 999_999_999, level: 1 }, swiss.url)).toEqual({ ok: false, error: "not_joined" });

    await playRound(3);
    const finished = await waitFor(() => swissOf(swiss.url), (row) => row.status === "finished");
    expect(finished.currentRound).toBe(3);

    // No pairing repeated; every bye to a different player; scores are the sums of the rounds.
    const all = await db().select().from(tournamentGames).where(and(eq(tournamentGames.tournamentId, swiss.id), isNotNull(tournamentGames.round)));
    const met = all.filter((row) => row.result !== "bye").map((row) => [row.whiteId, row.blackId].sort().join("-"));
    expect(new Set(met).size).toBe(met.length);
    const byes = all.filter((row) => row.result === "bye").map((row) => row.whiteId);
    expect(byes).toHaveLength(2);
    expect(new Set(byes).size).toBe(2);
    const players = await db().select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, swiss.id));
    for (const player of players) {
      const earned = all.reduce((sum, row) => sum + (row.whiteId === player.memberId ? (row.whitePoints ?? 0) : row.blackId === player.memberId && row.result !== "bye" ? (row.blackPoints ?? 0) : 0), 0);
      expect(player.score, `score of ${player.memberId}`).toBe(earned);
    }
    // Carla won every game she played (the highest rated): first.
    expect(players.find((player) => player.memberId === carla.id)?.rank).toBe(1);
    expect(players.map((player) => player.rank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6]);
    const events = await queryRows(db(), sql`select payload from domain_events where type = 'tournaments.finished' and (payload->>'tournamentId')::int = ${swiss.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ tournamentId: swiss.id, kind: "swiss" });
    // A repeated tick changes nothing.
    await services().swiss.advance();
    expect(await services().swiss.nextRound(swiss.id)).toBe("waiting");

    // The crosstable, polled and on the page: ranks in order, each round's cell, the tie-breaks.
    const live = (await (await anonymous().get(`/callback/tournament/swiss/${swiss.url}/live`)).json()) as SwissLive;
    expect(live).toMatchObject({ status: "finished", currentRound: 3, rounds: 3, players: 6 });
    expect(live.standings.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(live.standings[0]).toMatchObject({ username: "carla", score: 6 });
    expect(live.standings.map((row) => row.score)).toEqual([...live.standings.map((row) => row.score)].sort((a, b) => b - a));
    const staffRow = live.standings.find((row) => row.username === "staff");
    expect(staffRow?.status).toBe("withdrawn");
    expect(staffRow?.cells.map((cell) => cell.outcome)).toEqual(["bye", expect.stringMatching(/win|loss|draw/), "none"]);
    const lateRowView = live.standings.find((row) => row.username === late.username);
    expect(lateRowView?.cells[0]?.outcome).toBe("none");
    expect(live.roundsPlayed.map((round) => round.pairings.length)).toEqual([2, 3, 2]);
    expect(live.roundsPlayed[0]?.bye).toBe("staff");
    const page = await anonymous().get(`/tournament/live/${swiss.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="swiss-crosstable"');
    expect(html).toContain("Course Swiss");
    expect(html).toContain('data-testid="swiss-round-3"');

    // Carla's results: the Swiss linked to its page, her 3 points (not 6 half points), on the stats page and in the public API.
    const results = await (await anonymous().get("/stats/tournaments/carla")).text();
    expect(results).toContain(`href="/tournament/live/${swiss.url}"`);
    const api = (await (await anonymous().get("/pub/player/carla/tournaments")).json()) as { finished: { url: string; type: string; points_awarded: number; placement: number }[] };
    const entry = api.finished.find((row) => row.url.endsWith(`/tournament/live/${swiss.url}`));
    expect(entry).toMatchObject({ type: "swiss", points_awarded: 3, placement: 1 });

    // Over: no more joining.
    expect(await services().swiss.join(bob, swiss.url)).toEqual({ ok: false, error: "finished" });
    expect(await services().swiss.withdraw(bob, swiss.url)).toEqual({ ok: false, error: "finished" });
  });

  it("joins and withdraws over HTTP with refusals, and answers 404 for an unknown Swiss", async () => {
    const alice = await as("alice");
    const created = await services().swiss.create(await memberNamed("alice"), readSwissSettings(form({ name: "HTTP Swiss", minRating: "2900" }), clock()));
    if (!created.ok) throw new Error(created.error);
    const url = created.value.url;
    expect(await codeOf(await alice.post(`/callback/tournament/swiss/${url}/join`))).toEqual([403, "rating_outside_limits"]);
    expect(await codeOf(await alice.post(`/callback/tournament/swiss/${url}/withdraw`))).toEqual([409, "not_joined"]);
    expect((await anonymous().post(`/callback/tournament/swiss/${url}/join`)).status).toBe(401);
    expect((await alice.post("/callback/tournament/swiss/no-such-swiss/join")).status).toBe(404);
    expect((await alice.get("/callback/tournament/swiss/no-such-swiss/live")).status).toBe(404);
    expect((await anonymous().get("/tournament/live/no-such-swiss")).status).toBe(404);
    // An arena's page does not answer for a Swiss; the generic /tournament/{url} sends to the Swiss's page.
    expect((await anonymous().get(`/tournament/live/arena/${url}`)).status).toBe(404);
    const generic = await anonymous().get(`/tournament/${url}`);
    expect([generic.status, generic.headers.get("location")]).toEqual([302, `/tournament/live/${url}`]);

    const open = await services().swiss.create(await memberNamed("alice"), readSwissSettings(form({ name: "Open Swiss" }), clock()));
    if (!open.ok) throw new Error(open.error);
    expect((await alice.post(`/callback/tournament/swiss/${open.value.url}/join`)).status).toBe(200);
    const live = (await (await alice.get(`/callback/tournament/swiss/${open.value.url}/live`)).json()) as SwissLive;
    expect(live.viewer).toMatchObject({ signedIn: true, joined: true, status: "active", canEdit: true });
    expect(live.standings.map((row) => row.username)).toEqual(["alice"]);
    // A lone player at the start: nothing to pair, the Swiss finishes.
    await db().update(tournaments).set({ startsAt: new Date(clock() - 1000) }).where(eq(tournaments.url, open.value.url));
    await services().swiss.advance();
    expect((await swissOf(open.value.url)).status).toBe("finished");
  });
  it("seeds the demo's Swiss once: a finished one paired by the engine, with distinct byes, no repeat and ranks by the tie-breaks; and one to join", async () => {
    const actors = () => suite.current.kingside.services.demoLife.actors();
    await seedDemoSwiss(db(), { actors, clock });
    await seedDemoSwiss(db(), { actors, clock });
    const swiss = await swissOf(DEMO_SWISS_URL);
    expect(swiss).toMatchObject({ kind: "swiss", status: "finished", rounds: 5, currentRound: 5 });
    const games = await db().select().from(tournamentGames).where(eq(tournamentGames.tournamentId, swiss.id));
    const byes = games.filter((row) => row.result === "bye").map((row) => row.whiteId);
    expect(byes).toHaveLength(5);
    expect(new Set(byes).size).toBe(5);
    const met = games.filter((row) => row.result !== "bye").map((row) => [row.whiteId, row.blackId].sort().join("-"));
    expect(met).toHaveLength(20);
    expect(new Set(met).size).toBe(20);
    const live = await services().swissViews.live(swiss, null);
    expect(live.standings.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(live.standings.map((row) => row.score)).toEqual([...live.standings.map((row) => row.score)].sort((a, b) => b - a));
    const upcoming = await db().select().from(tournaments).where(sql`${tournaments.programmeKey} like 'demo:swiss-upcoming%'`);
    expect(upcoming.map((row) => [row.kind, row.status])).toEqual([["swiss", "upcoming"]]);
  });
  it("starts again a round's pairing left pending for a minute (an instance stopped before play started its game), once", async () => {
    const [alice, bob] = await Promise.all(["alice", "bob"].map(memberNamed));
    if (!alice || !bob) throw new Error("demo members");
    const created = await services().swiss.create(alice, readSwissSettings(form({ name: "Stalled Swiss", rounds: "2" }), clock()));
    if (!created.ok) throw new Error(created.error);
    const swiss = await swissOf(created.value.url);
    for (const member of [alice, bob]) await services().swiss.join(member, swiss.url);
    // As a crash would leave it: round 1 written, its pairing pending, play never told.
    await db().update(tournaments).set({ status: "running", currentRound: 1, startsAt: new Date(clock() - 120_000) }).where(eq(tournaments.id, swiss.id));
    await db().insert(tournamentGames).values({ tournamentId: swiss.id, round: 1, whiteId: alice.id, blackId: bob.id, createdAt: new Date(clock() - 30_000) });
    await services().swiss.advance();
    // Not yet a minute: left alone (play may still be starting it).
    expect((await roundGames(swiss.id, 1)).map((row) => row.status)).toEqual(["pending"]);
    offsetMs += 40_000;
    await services().swiss.advance();
    await services().swiss.advance();
    const [row] = await roundGames(swiss.id, 1);
    expect(row).toMatchObject({ status: "playing", whiteId: alice.id, blackId: bob.id });
    expect(row?.gameId).not.toBeNull();
    expect(await db().select().from(tournamentGames).where(eq(tournamentGames.tournamentId, swiss.id))).toHaveLength(1);
  });
});
