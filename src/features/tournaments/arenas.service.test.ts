import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client.server.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { readArenaSettings } from "./arena-settings.ts";
import { seedDemoArenas } from "./demo-arenas.server.ts";
import { tournamentGames, tournamentPlayers, tournaments } from "./tournaments.tables.server.ts";

/** The app's clock, moved forward by the tests (play keeps the real one for its game clocks). */
let offsetMs = 0;
const clock = () => Date.now() + offsetMs;

const form = (overrides: Record<string, string> = {}) => ({
  name: "Evening Blitz",
  description: "Three minutes, no increment.",
  rules: "standard",
  control: "3+0",
  rated: "1",
  startsAt: new Date(clock() + 10 * 60_000).toISOString(),
  durationMinutes: "30",
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

describe.each(databaseTargets())("arenas on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 }, { clock });
  const { as } = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  const services = () => suite.current.kingside.services;

  async function memberNamed(username: string) {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return { id: row.id, username, level: 1 };
  }
  async function arenaOf(url: string) {
    const [row] = await db().select().from(tournaments).where(eq(tournaments.url, url));
    if (!row) throw new Error(`no arena ${url}`);
    return row;
  }
  async function standing(tournamentId: number, memberId: number) {
    const [row] = await db().select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, memberId)));
    return row;
  }
  const playingGames = (tournamentId: number) => db().select().from(tournamentGames).where(and(eq(tournamentGames.tournamentId, tournamentId), eq(tournamentGames.status, "playing")));

  it("creates an arena from the form, lets its creator edit it before the start, and refuses others, bad values and a started one", async () => {
    const alice = await as("alice");
    const created = await alice.post("/callback/tournament/create", form());
    expect(created.status).toBe(200);
    const { url } = (await created.json()) as { url: string };
    expect(url).toMatch(/^evening-blitz-[0-9a-f]{6}$/);
    const arena = await arenaOf(url);
    expect(arena).toMatchObject({ kind: "arena", name: "Evening Blitz", baseSeconds: 180, incrementSeconds: 0, rated: true, durationMinutes: 30, status: "upcoming" });
    expect(arena.endsAt.getTime() - arena.startsAt.getTime()).toBe(30 * 60_000);

    const edited = await alice.post(`/callback/tournament/${arena.id}/edit`, form({ name: "Evening Blitz II", control: "5+3", minRating: "1000", maxRating: "2200" }));
    expect(edited.status).toBe(200);
    expect(await arenaOf(url)).toMatchObject({ name: "Evening Blitz II", baseSeconds: 300, incrementSeconds: 3, minRating: 1000, maxRating: 2200 });

    const bob = await as("bob");
    const notCreator = await bob.post(`/callback/tournament/${arena.id}/edit`, form({ name: "Mine now" }));
    expect([notCreator.status, ((await notCreator.json()) as { code: string }).code]).toEqual([403, "not_creator"]);
    for (const [fields, code] of [
      [{ name: "ab" }, "invalid_name"],
      [{ control: "4+0" }, "invalid_control"],
      [{ rules: "crazyhouse" }, "invalid_rules"],
      [{ startsAt: new Date(clock() - 60_000).toISOString() }, "invalid_starts_at"],
      [{ startsAt: "tomorrow" }, "invalid_starts_at"],
      [{ durationMinutes: "1000" }, "invalid_duration"],
      [{ minRating: "2000", maxRating: "1500" }, "invalid_rating_range"],
      [{ minRating: "12x" }, "invalid_rating_range"],
    ] as const) {
      const refused = await alice.post(`/callback/tournament/${arena.id}/edit`, form(fields));
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([422, code]);
    }
    expect((await alice.post("/callback/tournament/create", form({ durationMinutes: "7" }))).status).toBe(422);
    expect((await alice.post("/callback/tournament/999999/edit", form())).status).toBe(404);
    expect((await alice.post("/callback/tournament/12ab/edit", form())).status).toBe(404);
    expect((await arenaOf(url)).name).toBe("Evening Blitz II");

    await db().update(tournaments).set({ startsAt: new Date(clock() - 1000) }).where(eq(tournaments.id, arena.id));
    const started = await alice.post(`/callback/tournament/${arena.id}/edit`, form({ name: "Too late" }));
    expect([started.status, ((await started.json()) as { code: string }).code]).toEqual([403, "started"]);
    const anonymous = await browsersForSuite(suite).anonymous().post("/callback/tournament/create", form());
    expect(anonymous.status).toBe(401);
  });

  it("pairs by score then rating, scores streaks, berserk and draws, never rematches at once, and counts a game still running at the end", async () => {
    const [alice, bob, carla] = await Promise.all(["alice", "bob", "carla"].map(memberNamed));
    if (!alice || !bob || !carla) throw new Error("demo members");
    const settings = readArenaSettings(form({ name: "Course arena", control: "3+0", durationMinutes: "20" }), clock());
    const created = await services().arenas.create(alice, settings);
    if (!created.ok) throw new Error(created.error);
    const arena = await arenaOf(created.value.url);
    for (const member of [alice, bob, carla]) expect(await services().arenas.join(member, arena.url)).toEqual({ ok: true, value: null });
    // Ratings fixed for the test: carla highest, then bob, then alice.
    for (const [member, rating] of [[alice, 1400], [bob, 1500], [carla, 1600]] as const) await db().update(tournamentPlayers).set({ rating }).where(and(eq(tournamentPlayers.tournamentId, arena.id), eq(tournamentPlayers.memberId, member.id)));

    offsetMs += 11 * 60_000;
    await services().arenas.advance();
    expect((await arenaOf(arena.url)).status).toBe("running");
    // Everyone on 0: the two highest rated meet; alice waits.
    const [first] = await waitFor(() => playingGames(arena.id), (rows) => rows.length === 1);
    expect([first?.whiteId, first?.blackId].sort()).toEqual([bob.id, carla.id].sort());
    expect((await standing(arena.id, alice.id))?.playing).toBe(false);

    // Bob berserks (through the arena's call, which asks play), then wins.
    const bobBrowser = await as("bob");
    const firstGameId = first?.gameId ?? 0;
    expect((await bobBrowser.post(`/callback/tournament/berserk/${firstGameId}`)).status).toBe(200);
    const again = await bobBrowser.post(`/callback/tournament/berserk/${firstGameId}`);
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([403, "berserk_refused"]);
    expect((await (await as("alice")).post(`/callback/tournament/berserk/${firstGameId}`)).status).toBe(403);
    const loser = first?.whiteId === carla.id ? carla : bob;
    expect(loser).toBe(carla);
    expect((await services().games.act(carla, firstGameId, "resign")).ok).toBe(true);

    // Bob: 2 + 1 for berserk; then bob (3) meets alice, not carla again; carla waits.
    const bobAfter = await waitFor(() => standing(arena.id, bob.id), (row) => row?.score === 3);
    expect(bobAfter).toMatchObject({ games: 1, wins: 1, streak: 1, berserks: 1, sheet: "3", lastOpponentId: carla.id });
    const [second] = await waitFor(() => playingGames(arena.id), (rows) => rows.length === 1);
    expect([second?.whiteId, second?.blackId].sort()).toEqual([alice.id, bob.id].sort());
    expect((await standing(arena.id, carla.id))?.playing).toBe(false);

    // A draw: one point each; bob's streak breaks.
    const secondGameId = second?.gameId ?? 0;
    expect((await services().games.act(alice, secondGameId, "draw.offer")).ok).toBe(true);
    expect((await services().games.act(bob, secondGameId, "draw.accept")).ok).toBe(true);
    await waitFor(() => standing(arena.id, alice.id), (row) => row?.games === 1);
    expect(await standing(arena.id, bob.id)).toMatchObject({ score: 4, streak: 0, sheet: "3 1" });
    expect(await standing(arena.id, alice.id)).toMatchObject({ score: 1, draws: 1 });

    // Bob (4) waits: his last opponent alice; carla (0) and alice (1) meet.
    const [third] = await waitFor(() => playingGames(arena.id), (rows) => rows.length === 1);
    expect([third?.whiteId, third?.blackId].sort()).toEqual([alice.id, carla.id].sort());

    // The time is up with that game running: no new pairing, not finished yet.
    offsetMs += 21 * 60_000;
    await services().arenas.advance();
    expect((await arenaOf(arena.url)).status).toBe("ending");
    expect(await services().arenas.finish(arena.id)).toBe(false);
    // It still counts: alice wins.
    expect((await services().games.act(carla, third?.gameId ?? 0, "resign")).ok).toBe(true);
    await waitFor(() => standing(arena.id, alice.id), (row) => row?.games === 2);
    expect(await standing(arena.id, alice.id)).toMatchObject({ score: 3, sheet: "1 2" });
    await services().arenas.advance();
    await services().arenas.advance();
    const finished = await arenaOf(arena.url);
    expect(finished.status).toBe("finished");
    expect(await playingGames(arena.id)).toEqual([]);
    // Bob 4 first, alice 3 second, carla 0 third; the finished event once, with the podium.
    expect([(await standing(arena.id, bob.id))?.rank, (await standing(arena.id, alice.id))?.rank, (await standing(arena.id, carla.id))?.rank]).toEqual([1, 2, 3]);
    const events = await queryRows(db(), sql`select payload from domain_events where type = 'tournaments.finished' and (payload->>'tournamentId')::int = ${arena.id}`);
    expect(events.map((event) => event.payload)).toEqual([{ tournamentId: arena.id, kind: "arena", podium: [bob.id, alice.id, carla.id] }]);
  });

  it("refuses to join an unknown or finished arena, or outside the rating limits; pause stops the pairing and joining again resumes", async () => {
    const [dave, erin] = await Promise.all(["alice", "bob"].map(memberNamed));
    if (!dave || !erin) throw new Error("demo members");
    expect(await services().arenas.join(dave, "no-such-arena")).toEqual({ ok: false, error: "not_found" });
    const limited = await services().arenas.create(dave, readArenaSettings(form({ name: "Masters only", minRating: "2900" }), clock()));
    if (!limited.ok) throw new Error(limited.error);
    expect(await services().arenas.join(erin, limited.value.url)).toEqual({ ok: false, error: "rating_outside_limits" });
    expect(await services().arenas.join({ id: erin.id, level: 0 }, limited.value.url)).toEqual({ ok: false, error: "guest" });

    const open = await services().arenas.create(dave, readArenaSettings(form({ name: "Pause test" }), clock()));
    if (!open.ok) throw new Error(open.error);
    const arena = await arenaOf(open.value.url);
    expect(await services().arenas.leave(dave, arena.url, "withdraw")).toEqual({ ok: false, error: "not_joined" });
    await services().arenas.join(dave, arena.url);
    await services().arenas.join(erin, arena.url);
    expect(await services().arenas.leave(erin, arena.url, "pause")).toEqual({ ok: true, value: null });
    await db().update(tournaments).set({ startsAt: new Date(clock() - 1000) }).where(eq(tournaments.id, arena.id));
    await services().arenas.advance();
    expect(await playingGames(arena.id)).toEqual([]);
    await services().arenas.join(erin, arena.url);
    await waitFor(() => playingGames(arena.id), (rows) => rows.length === 1);

    const bobBrowser = await as("bob");
    const live = (await (await bobBrowser.get(`/callback/tournament/arena/${arena.url}/live`)).json()) as { viewer: { joined: boolean; gameId: number | null }; standings: { username: string }[] };
    expect(live.viewer.joined).toBe(true);
    expect(live.viewer.gameId).not.toBeNull();
    expect(live.standings.map((row) => row.username).sort()).toEqual(["alice", "bob"]);
    expect((await bobBrowser.get("/callback/tournament/arena/nope/live")).status).toBe(404);
  });

  it("seeds the demo's arenas once: a finished one with standings by the rules, and a running one whose games the demo plays", async () => {
    const actors = () => suite.current.kingside.services.demoLife.actors();
    const seed = () => seedDemoArenas(db(), { arenas: services().arenas, actors, clock });
    await seed();
    await seed();
    const finished = await db().select().from(tournaments).where(eq(tournaments.programmeKey, "demo:finished"));
    expect(finished).toHaveLength(1);
    const standings = await services().arenaViews.allStandings(finished[0] ?? (await arenaOf("")));
    expect(standings).toHaveLength(12);
    for (const row of standings) expect(row.sheet.reduce((sum, points) => sum + Number(points.replace("*", "")), 0)).toBe(row.score);
    expect(standings.map((row) => row.score)).toEqual([...standings.map((row) => row.score)].sort((a, b) => b - a));
    const running = await db().select().from(tournaments).where(sql`${tournaments.programmeKey} like 'demo:running%'`);
    expect(running.map((row) => row.status)).toEqual(["running"]);
    const games = await playingGames(running[0]?.id ?? 0);
    expect(games).toHaveLength(4);
    const adopted = await suite.current.kingside.services.demoLife.running();
    for (const game of games) expect(adopted).toContain(game.gameId);
  });
});
