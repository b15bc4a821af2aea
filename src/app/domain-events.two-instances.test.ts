import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { gameEndedDomainEvent } from "../features/play/play.domain-events.server.ts";
import { command, valueOf } from "../features/play/play.socket-kit.server.ts";
import { openSocket, signIn } from "../features/presence/presence.test-kit.server.ts";
import { defineFeature } from "../platform/composition/feature-definition.server.ts";
import { queryRows } from "../platform/db/client.server.ts";
import { subscribeTo, type DeliveredEvent } from "../platform/domain-events/domain-events.server.ts";
import type { RunningApp } from "../test/start-app.ts";
import { twoInstancesForSuite } from "../test/two-instances.ts";

type GameEnded = DeliveredEvent<(typeof gameEndedDomainEvent)["schema"]["_output"]>;

/** Every run of the test subscribers, on either instance (both live in this process). */
const runs: { readonly subscriber: string; readonly event: GameEnded }[] = [];
/** Game ids whose first delivery to the flaky subscriber throws, as a process dying mid-handler would leave it. */
const failOnceFor = new Set<number>();

/** A feature of the test's own, registered on both instances beside the application's list. */
const gameEndedWatchers = defineFeature({
  name: "test-game-ended",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  subscriptions: () => [
    subscribeTo(gameEndedDomainEvent, "steady", async (event) => void runs.push({ subscriber: "steady", event })),
    subscribeTo(gameEndedDomainEvent, "flaky", async (event) => {
      if (failOnceFor.delete(event.payload.gameId)) throw new Error("the handler's process died");
      runs.push({ subscriber: "flaky", event });
    }),
  ],
});

// In CI a missing REDIS_URL or TEST_DATABASE_URL fails the file; elsewhere the suite is skipped with a warning.
const instances = twoInstancesForSuite(["events-A", "events-B"], { seedDemoData: true, demoGames: 0 }, { extraFeatures: [gameEndedWatchers] });

async function waitFor(condition: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("timed out waiting for the subscriber");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Alice (on the first instance) is mated by bob (on the second) in four moves. */
async function playFoolsMate(first: RunningApp, second: RunningApp): Promise<{ gameId: number; whiteId: number; blackId: number }> {
  const white = await signIn(first, "alice");
  const black = await signIn(second, "bob");
  const whiteSocket = await openSocket(first, { cookie: white.cookie });
  const blackSocket = await openSocket(second, { cookie: black.cookie });
  try {
    const challenge = valueOf<{ id: number }>(
      await command(whiteSocket, "challenge.create", { opponent: "bob", terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: true, color: "white" } }),
    );
    const { gameId } = valueOf<{ gameId: number }>(await command(blackSocket, "challenge.accept", { id: challenge.id }));
    for (const [ply, uci] of ["f2f3", "e7e5", "g2g4", "d8h4"].entries()) valueOf(await command(ply % 2 === 0 ? whiteSocket : blackSocket, "game.move", { gameId, ply, uci }));
    const [row] = await queryRows(first.kingside.database.db, sql`select white_id, black_id from games where id = ${gameId}`);
    return { gameId, whiteId: Number(row?.white_id), blackId: Number(row?.black_id) };
  } finally {
    whiteSocket.close();
    blackSocket.close();
  }
}

/** How many times each subscriber ran for a game. */
function runsFor(gameId: number, subscriber: string): GameEnded[] {
  return runs.filter((run) => run.subscriber === subscriber && run.event.payload.gameId === gameId).map((run) => run.event);
}

describe.skipIf(!instances.available)("domain events across two instances", () => {
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(() => {
    ({ first, second } = instances);
  });

  it("runs a game-ended subscriber exactly once although both instances dispatch, with the game's facts", async () => {
    const game = await playFoolsMate(first, second);
    await waitFor(() => runsFor(game.gameId, "steady").length > 0);
    // Several dispatch periods of both instances later, still once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const seen = runsFor(game.gameId, "steady");
    expect(seen).toHaveLength(1);
    const seats = [
      { memberId: game.whiteId, board: 0, color: "white", team: 0 },
      { memberId: game.blackId, board: 0, color: "black", team: 1 },
    ];
    expect(seen[0]?.payload).toEqual({ gameId: game.gameId, whiteId: game.whiteId, blackId: game.blackId, seats, ratingType: "blitz", rated: true, speed: "live", tags: null, result: "0-1", reason: "checkmate" });
    const [delivery] = await queryRows(first.kingside.database.db, sql`select attempts, done_at is not null as done from domain_event_deliveries where event_id = ${seen[0]?.id ?? 0} and subscriber = 'test-game-ended/steady'`);
    expect(delivery).toEqual({ attempts: 1, done: true });
  });

  it("runs it once after a failure between the commit and a finished delivery: the delivery is retried, not lost nor doubled", async () => {
    const before = runs.length;
    // The next game's first delivery to the flaky subscriber fails, as a process that died mid-handler.
    const nextGameId = Number((await queryRows(first.kingside.database.db, sql`select coalesce(max(id), 999) + 1 as id from games`))[0]?.id);
    failOnceFor.add(nextGameId);
    const game = await playFoolsMate(first, second);
    expect(game.gameId).toBe(nextGameId);
    await waitFor(() => runsFor(game.gameId, "flaky").length > 0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runsFor(game.gameId, "flaky")).toHaveLength(1);
    expect(runsFor(game.gameId, "steady")).toHaveLength(1);
    expect(runs.length).toBeGreaterThan(before);
    const [delivery] = await queryRows(first.kingside.database.db, sql`select d.attempts from domain_event_deliveries d join domain_events e on e.id = d.event_id where d.subscriber = 'test-game-ended/flaky' and (e.payload->>'gameId')::bigint = ${game.gameId}`);
    expect(delivery).toEqual({ attempts: 2 });
  });
});
