/**
 * The demo site stays alive (decision 0054): while the site runs on demo data
 * (never in production), a few invented members play live games among
 * themselves at a human pace, each replaying a shipped engine line through
 * the real move path (the same service a player's socket command calls), so
 * /live, the lobby's games and the watch pages have games in progress an hour
 * after the first start. Their state is a row per game: a restart picks up
 * where it was, and a game that ended otherwise (a flag while the site was
 * down) is let go.
 */
import { eq, lte } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { Result } from "../../shared/result.ts";
import { demoLineAt, demoLineIndicesOf } from "./demo-line-library.ts";
import { demoActors, demoLiveGames } from "./demo.tables.server.ts";

/** The member a demo move or action is made as. */
export interface DemoMember {
  readonly id: number;
  readonly username: string;
  readonly level: number;
}

export type DemoControl = { readonly kind: "live"; readonly baseSeconds: number; readonly incrementSeconds: number };

/** What the demo needs of online play: the calls a player's own commands go through. */
export interface DemoPlay {
  /** Starts a game between two members (white first) on these terms; its id. */
  arrange(setup: { readonly whiteId: number; readonly blackId: number; readonly control: DemoControl; readonly rated: boolean }): Promise<number>;
  move(member: DemoMember, input: { readonly gameId: number; readonly ply: number; readonly uci: string }): Promise<Result<{ readonly clocks: { readonly white: number; readonly black: number } | null; readonly ending: unknown }, string>>;
  act(member: DemoMember, gameId: number, action: "resign" | "draw.offer" | "draw.accept"): Promise<Result<unknown, string>>;
  membersByIds(ids: readonly number[]): Promise<ReadonlyMap<number, DemoMember>>;
}

export interface DemoLifeOptions {
  readonly db: Database;
  readonly play: DemoPlay;
  readonly now: () => number;
  readonly random?: () => number;
  /** Games kept running at once (default 4). */
  readonly games?: number;
}

/** The controls demo games are played at: blitz and rapid, as most games on a real site. */
const controls: readonly DemoControl[] = [
  { kind: "live", baseSeconds: 180, incrementSeconds: 2 },
  { kind: "live", baseSeconds: 300, incrementSeconds: 0 },
  { kind: "live", baseSeconds: 300, incrementSeconds: 3 },
  { kind: "live", baseSeconds: 600, incrementSeconds: 0 },
];

/** How long the next move takes: a second or two in the opening, then up to a twentieth of the clock left, never past it. */
export function demoThinkMs(ply: number, clockMs: number | null, random: () => number): number {
  const spread = -Math.log(1 - random() * 0.95);
  if (ply < 10) return Math.round(700 + 1_300 * spread);
  const budget = clockMs === null ? 6_000 : Math.min(12_000, clockMs / 20);
  return Math.round(Math.min(800 + budget * spread, clockMs === null ? Infinity : clockMs * 0.5));
}

export function createDemoLife(options: DemoLifeOptions) {
  const { db, play, now } = options;
  const random = options.random ?? Math.random;
  const target = options.games ?? 4;
  // Replayed on the first game the demo starts, not at start-up: a real site never needs them.
  let standardLines: readonly number[] | undefined;
  const watchableLines = () => (standardLines ??= demoLineIndicesOf("standard").filter((index) => demoLineAt(index).plies.length >= 20));

  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

  async function forget(gameId: number): Promise<void> {
    await db.delete(demoLiveGames).where(eq(demoLiveGames.gameId, gameId));
  }

  /** One step of a game whose move is due: the line's next move, or its own ending once every move is played. */
  async function advance(row: typeof demoLiveGames.$inferSelect, players: ReadonlyMap<number, DemoMember>): Promise<void> {
    const line = demoLineAt(row.line);
    const white = players.get(row.whiteId);
    const black = players.get(row.blackId);
    if (!white || !black) return forget(row.gameId);
    const mover = row.nextPly % 2 === 0 ? white : black;
    const other = mover === white ? black : white;
    const next = line.plies[row.nextPly];
    if (!next) {
      // Every move played and the game goes on: the line ended by resignation or agreement.
      if (line.outcome.reason === "resignation") await play.act(mover, row.gameId, "resign");
      else if ((await play.act(mover, row.gameId, "draw.offer")).ok) await play.act(other, row.gameId, "draw.accept");
      return forget(row.gameId);
    }
    const moved = await play.move(mover, { gameId: row.gameId, ply: row.nextPly, uci: next.uci });
    // Refused (the game ended some other way) or over with this move: this game's part is done.
    if (!moved.ok || moved.value.ending) return forget(row.gameId);
    const clocks = moved.value.clocks;
    const nextClock = clocks ? (row.nextPly % 2 === 0 ? clocks.black : clocks.white) : null;
    await db
      .update(demoLiveGames)
      .set({ nextPly: row.nextPly + 1, nextMoveAt: new Date(now() + demoThinkMs(row.nextPly + 1, nextClock, random)) })
      .where(eq(demoLiveGames.gameId, row.gameId));
  }

  /** A new game between two actors who are not playing, on a line long enough to watch. */
  async function startOne(running: readonly (typeof demoLiveGames.$inferSelect)[]): Promise<boolean> {
    const busy = new Set(running.flatMap((row) => [row.whiteId, row.blackId]));
    const idle = (await db.select({ id: demoActors.memberId }).from(demoActors)).map((row) => row.id).filter((id) => !busy.has(id));
    const whiteId = pick(idle);
    const blackId = pick(idle.filter((id) => id !== whiteId));
    const line = pick(watchableLines());
    const control = pick(controls);
    if (whiteId === undefined || blackId === undefined || line === undefined || !control) return false;
    const gameId = await play.arrange({ whiteId, blackId, control, rated: true });
    await db.insert(demoLiveGames).values({ gameId, line, whiteId, blackId, nextPly: 0, nextMoveAt: new Date(now() + demoThinkMs(0, null, random)) });
    return true;
  }

  return {
    /** Plays the moves that are due and tops the running games up (one new game a pass, so they start apart). */
    async tick(): Promise<void> {
      const due = await db.select().from(demoLiveGames).where(lte(demoLiveGames.nextMoveAt, new Date(now())));
      // The players of every due game in one read.
      const players = due.length > 0 ? await play.membersByIds(due.flatMap((row) => [row.whiteId, row.blackId])) : new Map<number, DemoMember>();
      for (const row of due) await advance(row, players);
      const running = await db.select().from(demoLiveGames);
      if (running.length < target) await startOne(running);
    },

    /** The demo's players (a feature that arranges demo games of its own picks among them: the tournaments' demo arena). */
    async actors(): Promise<readonly number[]> {
      return (await db.select({ id: demoActors.memberId }).from(demoActors)).map((row) => row.id);
    },

    /**
     * Plays standard games another feature started between demo players (a
     * demo arena's pairings) as its own, each on a shipped line; a game with
     * anyone else at the board is left alone.
     */
    async adopt(started: readonly { readonly gameId: number; readonly whiteId: number; readonly blackId: number }[]): Promise<void> {
      const actors = new Set((await db.select({ id: demoActors.memberId }).from(demoActors)).map((row) => row.id));
      for (const game of started) {
        const line = pick(watchableLines());
        if (line === undefined || !actors.has(game.whiteId) || !actors.has(game.blackId)) continue;
        await db.insert(demoLiveGames).values({ ...game, line, nextPly: 0, nextMoveAt: new Date(now() + demoThinkMs(0, null, random)) }).onConflictDoNothing();
      }
    },

    /** The games the demo is playing now (for tests and the logs). */
    async running(): Promise<readonly number[]> {
      return (await db.select({ gameId: demoLiveGames.gameId }).from(demoLiveGames)).map((row) => row.gameId);
    },
  };
}

export type DemoLife = ReturnType<typeof createDemoLife>;

/** Makes these members the demo's players (the seed's choice, in its transaction; a member already listed stays once). */
export async function recordDemoActors(tx: Database, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.insert(demoActors).values(memberIds.map((memberId) => ({ memberId }))).onConflictDoNothing();
}
