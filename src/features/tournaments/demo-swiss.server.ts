/**
 * The demo site's Swiss (issue 26 item 9, decision 0078; only with demo
 * data): a finished Swiss of nine players and five rounds, paired by the
 * real engine over simulated results, with its byes, tie-breaks and ranks,
 * and an upcoming one to join. Each written once: its programme key is unique.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { swissDurationMinutes } from "./arena-settings.ts";
import { BYE_POINTS, gameRecordOf } from "./swiss.service.server.ts";
import { pairSwissRound, swissOrder, swissTieBreaks, type SwissColour } from "./swiss-pairing.ts";
import { tournamentGames, tournamentPlayers, tournaments } from "./tournaments.tables.server.ts";

const FINISHED_KEY = "demo:swiss-finished";
const UPCOMING_KEY = "demo:swiss-upcoming";
/** A fixed address: the journeys and the page-weight check open it. */
export const DEMO_SWISS_URL = "demo-rapid-swiss";
const PLAYERS = 9;
const ROUNDS = 5;

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seedFinished(db: Database, actors: readonly number[], nowMs: number): Promise<void> {
  const random = seededRandom(78);
  const startsAt = new Date(nowMs - 26 * 3_600_000);
  const durationMinutes = swissDurationMinutes(ROUNDS, 600, 5);
  const [swiss] = await db
    .insert(tournaments)
    .values({ url: DEMO_SWISS_URL, kind: "swiss", name: "Demo Rapid Swiss", description: "Five rounds of 10+5, yesterday: the crosstable, the byes and the tie-breaks.", programmeKey: FINISHED_KEY, rules: "standard", baseSeconds: 600, incrementSeconds: 5, rated: true, startsAt, durationMinutes, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000), rounds: ROUNDS, currentRound: ROUNDS, status: "finished", finishedAt: new Date(startsAt.getTime() + durationMinutes * 60_000) })
    .onConflictDoNothing({ target: tournaments.programmeKey })
    .returning({ id: tournaments.id });
  if (!swiss) return;
  const players = actors.slice(0, PLAYERS).map((memberId, index) => ({ memberId, rating: 2000 - index * 70, pairingNumber: index + 1, score: 0, games: 0, wins: 0, draws: 0, colours: [] as SwissColour[], opponents: [] as number[], hadBye: false, sheet: [] as number[] }));
  const byId = new Map(players.map((player) => [player.memberId, player]));
  const games: (typeof tournamentGames.$inferInsert)[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const paired = pairSwissRound(players.map((player) => ({ id: player.memberId, score: player.score, pairingNumber: player.pairingNumber, colours: player.colours, opponents: player.opponents, hadBye: player.hadBye })));
    const bye = paired.byeId === null ? undefined : byId.get(paired.byeId);
    if (bye) {
      bye.score += BYE_POINTS;
      bye.hadBye = true;
      bye.sheet.push(BYE_POINTS);
      games.push({ tournamentId: swiss.id, round, whiteId: bye.memberId, blackId: bye.memberId, status: "done", result: "bye", whitePoints: BYE_POINTS, blackPoints: 0 });
    }
    for (const pair of paired.pairs) {
      const white = byId.get(pair.whiteId);
      const black = byId.get(pair.blackId);
      if (!white || !black) continue;
      const whiteChance = 1 / (1 + 10 ** ((black.rating - white.rating) / 400));
      const roll = random();
      const result = roll < 0.18 ? "1/2-1/2" : roll < 0.18 + 0.82 * whiteChance ? "1-0" : "0-1";
      const whitePoints = result === "1-0" ? 2 : result === "1/2-1/2" ? 1 : 0;
      for (const [player, points, colour, opponent] of [[white, whitePoints, "white", black], [black, 2 - whitePoints, "black", white]] as const) {
        player.score += points;
        player.games += 1;
        player.wins += points === 2 ? 1 : 0;
        player.draws += points === 1 ? 1 : 0;
        player.colours.push(colour);
        player.opponents.push(opponent.memberId);
        player.sheet.push(points);
      }
      games.push({ tournamentId: swiss.id, round, whiteId: white.memberId, blackId: black.memberId, status: "done", result, whitePoints, blackPoints: 2 - whitePoints });
    }
  }
  const ties = swissTieBreaks(
    players.map((player) => player.memberId),
    games.map((game) => gameRecordOf({ whiteId: game.whiteId, blackId: game.blackId, result: game.result ?? null, whitePoints: game.whitePoints ?? null, blackPoints: game.blackPoints ?? null })),
  );
  const ranked = swissOrder(
    players.map((player) => ({ id: player.memberId, pairingNumber: player.pairingNumber, player })),
    ties,
  );
  await db.insert(tournamentGames).values(games);
  await db.insert(tournamentPlayers).values(
    ranked.map(({ player }, index) => ({ tournamentId: swiss.id, memberId: player.memberId, score: player.score, games: player.games, wins: player.wins, draws: player.draws, rating: player.rating, sheet: player.sheet.join(" "), rank: index + 1 })),
  );
}

/** A Swiss to join, starting in three hours (written again after the last has gone by). */
async function seedUpcoming(db: Database, nowMs: number): Promise<void> {
  const startsAt = new Date(Math.ceil((nowMs + 3 * 3_600_000) / 3_600_000) * 3_600_000);
  const durationMinutes = swissDurationMinutes(5, 300, 3);
  await db
    .insert(tournaments)
    .values({ url: `demo-blitz-swiss-${startsAt.getTime().toString(36)}`, kind: "swiss", name: "Demo Blitz Swiss", description: "Five rounds of 5+3: join before a round starts.", programmeKey: `${UPCOMING_KEY}@${startsAt.toISOString().slice(0, 10)}`, rules: "standard", baseSeconds: 300, incrementSeconds: 3, rated: true, startsAt, durationMinutes, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000), rounds: 5 })
    .onConflictDoNothing({ target: tournaments.programmeKey });
}

/** Writes the demo's Swisses that are missing. */
export async function seedDemoSwiss(db: Database, deps: { readonly actors: () => Promise<readonly number[]>; readonly clock: () => number }): Promise<void> {
  const actors = await deps.actors();
  if (actors.length < 4) return;
  const [finished] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.programmeKey, FINISHED_KEY));
  if (!finished) await seedFinished(db, actors, deps.clock());
  await seedUpcoming(db, deps.clock());
}
