/**
 * Builds the play services on a real database for tests, with the members
 * and blocks read through the accounts directory and the social service (as
 * the feature does) and the events collected in order.
 */
import { publishDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { blocks } from "../social/social.tables.server.ts";
import { createMemberDirectory } from "../accounts/member-directory.service.server.ts";
import { createContactGuard } from "../social/contact-guard.server.ts";
import { createPlayMembers } from "./play-members.server.ts";
import { createChallengesService } from "./lobby/challenges.service.server.ts";
import { createGamesService, type GamesDeps } from "./games/games.service.server.ts";
import type { PlayEvent, PlayMember } from "./play-ports.server.ts";
import { createRatingsService } from "../ratings/ratings.service.server.ts";
import { ratingTypeOfTerms } from "./games/play-ratings.port.ts";
import { createSeeksService, type SeeksDeps } from "./lobby/seeks.service.server.ts";
import { createVacationsService } from "./games/vacations.service.server.ts";
import type { Database } from "../../platform/db/client.server.ts";
import { noNotificationRecorder } from "../../platform/notifications/notification-recorder.ts";

export interface PlayKit {
  readonly database: DatabaseHandle;
  readonly events: PlayEvent[];
  readonly clock: { now: number };
  readonly games: ReturnType<typeof createGamesService>;
  readonly challenges: ReturnType<typeof createChallengesService>;
  readonly seeks: ReturnType<typeof createSeeksService>;
  readonly ratings: ReturnType<typeof createRatingsService>;
  readonly vacations: ReturnType<typeof createVacationsService>;
  member(username: string, level?: number): Promise<PlayMember>;
  block(blocker: PlayMember, blocked: PlayMember): Promise<void>;
  /** Another instance on the same database (its own held games), with any dependency changed (a clock watch ...). */
  secondInstance(overrides?: Partial<GamesDeps>): ReturnType<typeof createGamesService>;
  /** Another seeks service on the same database, with any dependency changed (the lobby's bus ...). */
  seeksWith(overrides: Partial<SeeksDeps>): ReturnType<typeof createSeeksService>;
}

export async function createPlayKit(options: { databaseUrl?: string | undefined; awayFromGameMs?: GamesDeps["awayFromGameMs"] } = {}): Promise<PlayKit> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: "memory://" });
  await database.migrate();
  const db = database.db;
  const events: PlayEvent[] = [];
  const clock = { now: Date.parse("2026-06-01T12:00:00.000Z") };
  const members = createPlayMembers(createMemberDirectory(db), createContactGuard(db));
  const ratings = createRatingsService(db);
  const sink = {
    admitNotice: noNotificationRecorder.admitIn,
    async enqueue(_tx: Database, event: PlayEvent) {
      events.push(event);
    },
    // Domain events are written, as in the application: a test may read the log.
    publishDomain: publishDomainEvent,
    committed: () => undefined,
    publishCommitted(committed: readonly { event: PlayEvent }[]) {
      for (const { event } of committed) events.push(event);
    },
  };
  const vacations = createVacationsService({ db, now: () => clock.now });
  let coin = 0;
  const gamesDeps: GamesDeps = { db, members, events: sink, ratings, vacations, now: () => clock.now, random: (max) => coin++ % max, awayFromGameMs: options.awayFromGameMs };
  const games = createGamesService(gamesDeps);
  const challenges = createChallengesService({ db, members, events: sink, startGame: games.startGame, now: () => new Date(clock.now) });
  const seeksDeps: SeeksDeps = {
    db,
    members,
    events: sink,
    startGame: games.startGame,
    ratingOf: (memberId, terms) => ratings.currentRating(memberId, ratingTypeOfTerms(terms)),
    // No presence in these tests: every member counts as online, so live seeks last their TTL.
    presence: { onlineAmong: async (memberIds) => new Set(memberIds) },
    now: () => new Date(clock.now),
  };
  const seeks = createSeeksService(seeksDeps);
  return {
    database,
    events,
    clock,
    games,
    challenges,
    seeks,
    ratings,
    vacations,
    async member(username, level = 10) {
      const [row] = await db.insert(users).values({ username, usernameKey: username.toLowerCase(), membershipLevel: level }).returning({ id: users.id });
      if (!row) throw new Error("no member inserted");
      return { id: row.id, username, level };
    },
    async block(blocker, blocked) {
      await db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id });
    },
    secondInstance: (overrides = {}) => createGamesService({ ...gamesDeps, ...overrides }),
    seeksWith: (overrides) => createSeeksService({ ...seeksDeps, ...overrides }),
  };
}
