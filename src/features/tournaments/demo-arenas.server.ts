/**
 * The demo site's arenas (issue 26 item 9; only with demo data, never in
 * production): a finished arena whose standings come from the real pairing
 * and scoring rules over simulated results, and an arena running now whose
 * games the demo's players play (the demo feature adopts them). Upcoming
 * arenas come from the site's programme. Each is written once: its
 * programme key is unique.
 */
import { eq, like, and, inArray } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { pairArena } from "./arena-pairing.ts";
import { outcomesOf, scoreArenaGame } from "./arena-scoring.ts";
import { urlOfName, type ArenasService } from "./arenas.service.server.ts";
import { tournamentGames, tournamentPlayers, tournaments } from "./tournaments.tables.server.ts";

const FINISHED_KEY = "demo:finished";
/** A fixed address: the journeys and the page-weight check open it. */
export const DEMO_FINISHED_URL = "demo-blitz-arena";
const RUNNING_KEY = "demo:running";
const FINISHED_PLAYERS = 12;
const FINISHED_WAVES = 9;
const RUNNING_PLAYERS = 8;

/** A small deterministic generator (the demo looks the same on every start). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface SimulatedPlayer {
  memberId: number;
  rating: number;
  score: number;
  streak: number;
  games: number;
  wins: number;
  draws: number;
  berserks: number;
  lastOpponentId: number | null;
  colorBalance: number;
  sheet: string[];
}

async function seedFinished(db: Database, actors: readonly number[], nowMs: number): Promise<void> {
  const random = seededRandom(26);
  const players: SimulatedPlayer[] = actors.slice(0, FINISHED_PLAYERS).map((memberId, index) => ({ memberId, rating: 2100 - index * 60, score: 0, streak: 0, games: 0, wins: 0, draws: 0, berserks: 0, lastOpponentId: null, colorBalance: 0, sheet: [] }));
  if (players.length < 4) return;
  const startsAt = new Date(nowMs - 3 * 3_600_000);
  const [arena] = await db
    .insert(tournaments)
    .values({ url: DEMO_FINISHED_URL, kind: "arena", name: "Demo Blitz Arena", description: "Finished yesterday evening: the podium and every score sheet.", programmeKey: FINISHED_KEY, rules: "standard", baseSeconds: 180, incrementSeconds: 0, rated: true, startsAt, durationMinutes: 60, endsAt: new Date(startsAt.getTime() + 3_600_000), status: "finished", finishedAt: new Date(startsAt.getTime() + 3_600_000) })
    .onConflictDoNothing({ target: tournaments.programmeKey })
    .returning({ id: tournaments.id });
  if (!arena) return;
  const byId = new Map(players.map((player) => [player.memberId, player]));
  const games: (typeof tournamentGames.$inferInsert)[] = [];
  for (let wave = 0; wave < FINISHED_WAVES; wave++) {
    for (const pair of pairArena(players).pairs) {
      const white = byId.get(pair.whiteId);
      const black = byId.get(pair.blackId);
      if (!white || !black) continue;
      // The stronger player wins more often; a few draws.
      const whiteChance = 1 / (1 + 10 ** ((black.rating - white.rating) / 400));
      const roll = random();
      const result = roll < 0.12 ? "1/2-1/2" : roll < 0.12 + 0.88 * whiteChance ? "1-0" : "0-1";
      const berserks = { white: random() < 0.2, black: random() < 0.2 };
      const outcomes = outcomesOf(result);
      const points = { white: 0, black: 0 };
      for (const [side, player] of [["white", white], ["black", black]] as const) {
        const scored = scoreArenaGame(player.streak, outcomes[side], berserks[side]);
        points[side] = scored.points;
        player.score += scored.points;
        player.streak = scored.streak;
        player.games += 1;
        player.wins += outcomes[side] === "win" ? 1 : 0;
        player.draws += outcomes[side] === "draw" ? 1 : 0;
        player.berserks += berserks[side] ? 1 : 0;
        player.lastOpponentId = side === "white" ? black.memberId : white.memberId;
        player.colorBalance += side === "white" ? 1 : -1;
        player.sheet.push(`${scored.points}${scored.doubled ? "*" : ""}`);
      }
      games.push({ tournamentId: arena.id, whiteId: white.memberId, blackId: black.memberId, status: "done", result, whiteBerserk: berserks.white, blackBerserk: berserks.black, whitePoints: points.white, blackPoints: points.black });
    }
  }
  const ranked = [...players].sort((a, b) => b.score - a.score || b.rating - a.rating || a.memberId - b.memberId);
  await db.insert(tournamentGames).values(games);
  await db.insert(tournamentPlayers).values(
    ranked.map((player, index) => ({
      tournamentId: arena.id,
      memberId: player.memberId,
      score: player.score,
      games: player.games,
      wins: player.wins,
      draws: player.draws,
      streak: player.streak,
      berserks: player.berserks,
      rating: player.rating,
      lastOpponentId: player.lastOpponentId,
      colorBalance: player.colorBalance,
      sheet: player.sheet.join(" "),
      rank: index + 1,
    })),
  );
}

/** An arena running now for the next hour, its players the demo's, paired at once. */
async function seedRunning(db: Database, arenas: ArenasService, actors: readonly number[], nowMs: number): Promise<void> {
  const open = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(like(tournaments.programmeKey, `${RUNNING_KEY}%`), inArray(tournaments.status, ["upcoming", "running"])));
  if (open.length > 0) return;
  const startsAt = new Date(nowMs - 5 * 60_000);
  const [arena] = await db
    .insert(tournaments)
    .values({ url: urlOfName("Demo Arena Live"), kind: "arena", name: "Demo Arena Live", description: "Running now: the standings move as the games end.", programmeKey: `${RUNNING_KEY}@${startsAt.toISOString()}`, rules: "standard", baseSeconds: 180, incrementSeconds: 2, rated: true, startsAt, durationMinutes: 60, endsAt: new Date(startsAt.getTime() + 3_600_000), status: "running" })
    .onConflictDoNothing({ target: tournaments.programmeKey })
    .returning({ id: tournaments.id });
  if (!arena) return;
  // The finished arena was hours ago: the same players may play this one.
  const players = actors.slice(0, RUNNING_PLAYERS);
  await db.insert(tournamentPlayers).values(players.map((memberId, index) => ({ tournamentId: arena.id, memberId, rating: 1900 - index * 50 })));
  await arenas.pairWave(arena.id);
}

/** Writes the demo's arenas that are missing (a finished one once; a running one whenever none runs). */
export async function seedDemoArenas(db: Database, deps: { readonly arenas: ArenasService; readonly actors: () => Promise<readonly number[]>; readonly clock: () => number }): Promise<void> {
  const actors = await deps.actors();
  if (actors.length < 4) return;
  const [finished] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.programmeKey, FINISHED_KEY));
  if (!finished) await seedFinished(db, actors, deps.clock());
  await seedRunning(db, deps.arenas, actors, deps.clock());
}
