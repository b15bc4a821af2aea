/**
 * Finished games for the archive's tests, played through the real services
 * (a challenge accepted, then moves and actions) on any database handle, the
 * app's own included, with a clock the test moves so games end on chosen dates.
 */
import { publishDomainEvent } from "../../../platform/domain-events/domain-events.server.ts";
import { legalMoves, parseFen } from "../../../chess/rules.ts";
import { variantOf } from "../../../chess/variants.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { noNotificationRecorder } from "../../../platform/notifications/notification-recorder.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { createMemberDirectory } from "../../accounts/member-directory.service.server.ts";
import { createChallengesService } from "../lobby/challenges.service.server.ts";
import { createGamesService, type GameActionName } from "../games/games.service.server.ts";
import { createContactGuard } from "../../social/contact-guard.server.ts";
import { createPlayMembers } from "../play-members.server.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { GameTerms } from "../play.schema.ts";
import { createRatingsService } from "../../ratings/ratings.service.server.ts";
import { createVacationsService } from "../games/vacations.service.server.ts";
import { createArchiveService } from "./archive.service.server.ts";

export const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: true, color: "white" };

export function archiveFixture(db: Database) {
  const clock = { now: Date.parse("2026-01-15T12:00:00.000Z") };
  const members = createPlayMembers(createMemberDirectory(db), createContactGuard(db));
  const ratings = createRatingsService(db);
  const events = { admitNotice: noNotificationRecorder.admitIn, enqueue: async () => undefined, publishDomain: publishDomainEvent, committed: () => undefined, publishCommitted: () => undefined };
  let coin = 0;
  const vacations = createVacationsService({ db, now: () => clock.now });
  const games = createGamesService({ db, members, events, ratings, vacations, now: () => clock.now, random: (max) => coin++ % max });
  const challenges = createChallengesService({ db, members, events, startGame: games.startGame, now: () => new Date(clock.now) });
  const archive = createArchiveService(db, members);

  async function member(username: string): Promise<PlayMember> {
    const [row] = await db.insert(users).values({ username, usernameKey: username.toLowerCase(), membershipLevel: 10 }).returning({ id: users.id });
    if (!row) throw new Error("no member inserted");
    return { id: row.id, username, level: 10 };
  }

  /** White challenges black, black accepts: the game's id. */
  async function start(white: PlayMember, black: PlayMember, terms: GameTerms = blitz): Promise<number> {
    const challenge = await challenges.create(white, { opponent: black.username, terms: { ...terms, color: "white" } });
    if (!challenge.ok) throw new Error(`challenge: ${challenge.error}`);
    const accepted = await challenges.accept(black, challenge.value.id);
    if (!accepted.ok) throw new Error(`accept: ${accepted.error}`);
    return accepted.value.gameId;
  }

  /** Plays moves (UCI) from the game's current ply, a second apart; "*" picks the first legal move. */
  async function moves(gameId: number, white: PlayMember, black: PlayMember, ucis: readonly string[]): Promise<void> {
    for (const wanted of ucis) {
      const view = await games.view(gameId);
      if (!view) throw new Error("no game");
      let uci = wanted;
      if (wanted === "*") {
        const position = parseFen(variantOf(view.rules).boards[0] ?? "standard", view.fen);
        if (!position.ok) throw new Error("bad fen");
        uci = legalMoves(position.value)[0] ?? "";
      }
      clock.now += 1_000;
      const mover = view.ply % 2 === 0 ? white : black;
      const result = await games.move(mover, { gameId, ply: view.ply, uci }, { receivedAt: clock.now, lagMs: 0 });
      if (!result.ok) throw new Error(`${uci}: ${result.error}`);
    }
  }

  /** A whole game: started at `at`, the moves played, then an action (resign, a draw agreed, abort). */
  async function game(options: { white: PlayMember; black: PlayMember; terms?: GameTerms; at: string; moves: readonly string[]; then?: readonly (readonly [PlayMember, GameActionName])[] }): Promise<number> {
    clock.now = Date.parse(options.at);
    const gameId = await start(options.white, options.black, options.terms);
    await moves(gameId, options.white, options.black, options.moves);
    for (const [by, action] of options.then ?? []) {
      clock.now += 1_000;
      const done = await games.act(by, gameId, action);
      if (!done.ok) throw new Error(`${action}: ${done.error}`);
    }
    return gameId;
  }

  return { clock, games, challenges, ratings, archive, member, start, moves, game };
}

export type ArchiveFixture = ReturnType<typeof archiveFixture>;

/** Fool's mate: black mates on move 2. */
export const foolsMate = ["f2f3", "e7e5", "g2g4", "d8h4"] as const;
/** Scholar's mate: white mates on move 4. */
export const scholarsMate = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] as const;
