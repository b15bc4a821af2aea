import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { openSocket, signIn, type SignedIn } from "../../presence/presence.test-kit.server.ts";
import { command, startLiveGame, valueOf } from "../chat/game-chat.test-kit.server.ts";
import { ratings } from "../../ratings/ratings.tables.server.ts";

/** /live through the real server: the live games in progress, the strongest first, server-rendered. */
describe.each(databaseTargets())("/live on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  let members: Record<"alice" | "bob" | "carla" | "moderator", SignedIn>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = suite.current;
    const [alice, bob, carla, moderator] = await Promise.all([signIn(app, "alice"), signIn(app, "bob"), signIn(app, "carla"), signIn(app, "moderator")]);
    members = { alice, bob, carla, moderator };
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function socketOf(member: SignedIn): Promise<TestSocket> {
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    return socket;
  }

  async function page(path: string): Promise<{ status: number; html: string }> {
    const response = await fetch(`${app.baseUrl}${path}`);
    return { status: response.status, html: await response.text() };
  }

  it("lists live games in progress with links to watch them, the stronger game first, and not after they end", async () => {
    const [alice, bob, carla, moderator] = await Promise.all([socketOf(members.alice), socketOf(members.bob), socketOf(members.carla), socketOf(members.moderator)]);
    // A 5+0 game counts for blitz: carla and the moderator are the stronger pair, by the ratings they bring to their games.
    // (The demo data's games gave them ratings already: set the ones this test compares, before the games start.)
    await app.kingside.database.db
      .insert(ratings)
      .values([
        { memberId: members.carla.id, ratingType: "blitz", rating: 2100, deviation: 60, volatility: 0.06 },
        { memberId: members.moderator.id, ratingType: "blitz", rating: 1900, deviation: 60, volatility: 0.06 },
        { memberId: members.alice.id, ratingType: "blitz", rating: 1200, deviation: 60, volatility: 0.06 },
        { memberId: members.bob.id, ratingType: "blitz", rating: 1300, deviation: 60, volatility: 0.06 },
      ])
      .onConflictDoUpdate({ target: [ratings.memberId, ratings.ratingType], set: { rating: sql`excluded.rating` } });
    const weaker = await startLiveGame(alice, bob, "bob");
    const stronger = await startLiveGame(carla, moderator, "moderator");
    // Ratings that move after the games started (other games ending) change neither the order nor the figures shown.
    await app.kingside.database.db
      .update(ratings)
      .set({ rating: 1000 })
      .where(and(inArray(ratings.memberId, [members.carla.id, members.moderator.id]), eq(ratings.ratingType, "blitz")));

    const { status, html } = await page("/live");
    expect(status).toBe(200);
    expect(html).toContain(`href="/game/live/${weaker}"`);
    expect(html).toContain(`href="/game/live/${stronger}"`);
    expect(html.indexOf(`/game/live/${stronger}"`)).toBeLessThan(html.indexOf(`/game/live/${weaker}"`));
    expect(html).toMatch(/carla[\s\S]*2100/);
    // The demo data has live games in progress of its own.
    const inProgress = (text: string) => Number(/(\d+) games? in progress/.exec(text)?.[1] ?? 0);
    expect(inProgress(html)).toBeGreaterThanOrEqual(2);
    // The mini boards start from the games' positions.
    expect(html).toContain('data-fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"');

    valueOf(await command(alice, "game.act", { gameId: weaker, action: "abort" }));
    valueOf(await command(carla, "game.act", { gameId: stronger, action: "abort" }));
    const after = await page("/live");
    expect(after.html).not.toContain(`/game/live/${weaker}"`);
    expect(after.html).not.toContain(`/game/live/${stronger}"`);
    // (The count itself is not compared: the demo's own live games start and end on their own meanwhile.)
  });

  it("answers 404 for a page number that is not one", async () => {
    for (const bad of ["0", "-1", "abc", "1.5", "01", "99999"]) expect((await page(`/live?page=${bad}`)).status).toBe(404);
    expect((await page("/live?page=2")).status).toBe(200);
  });
});
