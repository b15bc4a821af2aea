import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variants } from "../../chess/variants.ts";
import { databaseTargets } from "../../test/databases.ts";
import { createPlayKit, type PlayKit } from "../play/play.test-kit.server.ts";
import { gameMoves } from "../play/play.tables.server.ts";
import type { PlayMember } from "../play/play-ports.server.ts";
import { demoFeature } from "./demo.feature.server.ts";
import { demoLineAt } from "./demo-line-library.ts";
import { createDemoLife, recordDemoActors, type DemoLife, type DemoPlay } from "./demo-life.server.ts";
import { demoLiveGames } from "./demo.tables.server.ts";

/** A seeded coin for the demo's choices, so a run is the same every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe.each(databaseTargets())("the demo's live games on $name", (target) => {
  let kit: PlayKit;
  let drop: () => Promise<void> = async () => undefined;
  let actors: PlayMember[];
  let play: DemoPlay;
  const lifeOf = (games = 1): DemoLife => createDemoLife({ db: kit.database.db, play, now: () => kit.clock.now, random: seeded(7), games });
  /** Moves the clock to the next due move (as the job's ticks would reach it) and ticks. */
  const step = async (life: DemoLife) => {
    const [next] = await kit.database.db.select({ at: demoLiveGames.nextMoveAt }).from(demoLiveGames).orderBy(asc(demoLiveGames.nextMoveAt)).limit(1);
    if (next) kit.clock.now = Math.max(kit.clock.now, next.at.getTime());
    await life.tick();
  };

  beforeAll(async () => {
    const database = await target.create();
    drop = database.drop;
    kit = await createPlayKit({ databaseUrl: database.databaseUrl });
    actors = await Promise.all(["demo_ann", "demo_ben", "demo_cy"].map((name) => kit.member(name)));
    const byId = new Map(actors.map((member) => [member.id, member]));
    play = {
      arrange: async ({ whiteId, blackId, control, rated }) => (await kit.games.startVariantGame({ variant: variants.standard, memberIds: [whiteId, blackId], terms: { rules: "standard", control, rated, color: "white" } })).id,
      move: (member, input) => kit.games.move(member, input, { receivedAt: kit.clock.now, lagMs: 0 }),
      act: (member, gameId, action) => kit.games.act(member, gameId, action),
      membersByIds: async (ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id) as PlayMember] as const] : []))),
    };
    await recordDemoActors(kit.database.db, actors.slice(0, 2).map((member) => member.id));
  }, 60_000);

  afterAll(async () => {
    await kit?.database.close();
    await drop();
  });

  it("plays a shipped line through the real move path at a human pace, to the line's own ending, then starts another game", async () => {
    const life = lifeOf();
    await life.tick();
    const [gameId] = await life.running();
    if (gameId === undefined) throw new Error("no demo game started");
    const [row] = await kit.database.db.select().from(demoLiveGames).where(eq(demoLiveGames.gameId, gameId));
    if (!row) throw new Error("no demo row");
    const line = demoLineAt(row.line);
    // Only the recorded actors play (the third member was never made one).
    expect(new Set([row.whiteId, row.blackId])).toEqual(new Set(actors.slice(0, 2).map((member) => member.id)));

    const startedAt = kit.clock.now;
    for (let steps = 0; steps < 400 && (await life.running()).includes(gameId); steps++) await step(life);
    const view = await kit.games.view(gameId);
    expect(view?.status).toBe("ended");
    const moves = await kit.database.db.select({ uci: gameMoves.uci }).from(gameMoves).where(eq(gameMoves.gameId, gameId)).orderBy(asc(gameMoves.ply));
    expect(moves.map((move) => move.uci)).toEqual(line.plies.map((ply) => ply.uci));
    const expected = line.outcome;
    expect(view?.ending?.result).toBe(expected.result);
    // A human pace: whole seconds between moves, and nobody's flag fell.
    expect((kit.clock.now - startedAt) / line.plies.length).toBeGreaterThan(1_000);
    expect(view?.ending?.reason).not.toBe("timeout");
    // The pass that let the finished game go starts the next one.
    await life.tick();
    expect((await life.running()).filter((id) => id !== gameId)).toHaveLength(1);
  }, 240_000);

  it("picks up after a restart where it was, and lets go of a game that ended some other way", async () => {
    const [gameId] = await lifeOf().running();
    if (gameId === undefined) throw new Error("no demo game running");
    await step(lifeOf());
    await step(lifeOf());
    const [row] = await kit.database.db.select().from(demoLiveGames).where(eq(demoLiveGames.gameId, gameId));
    expect(row?.nextPly).toBe(2);
    // A player of the game resigns outside the demo (a moderator, a test): the demo stops playing it and starts another.
    const white = actors.find((member) => member.id === row?.whiteId);
    if (!white) throw new Error("no white actor");
    expect((await kit.games.act(white, gameId, "resign")).ok).toBe(true);
    const life = lifeOf();
    await step(life);
    const running = await life.running();
    expect(running).not.toContain(gameId);
    expect(running).toHaveLength(1);
  }, 120_000);

  it("plays only where the site runs on demo data: no job otherwise", () => {
    const context = { demoData: false, services: {} } as unknown as Parameters<NonNullable<typeof demoFeature.jobs>>[0];
    expect(demoFeature.jobs?.(context)).toEqual([]);
    expect(demoFeature.jobs?.({ ...context, demoData: true }).map((job) => [job.name, job.runOn])).toEqual([["demo.live-games", "leader"]]);
  });
});
