/**
 * The trophies the site awards (decision 0058): it hears play's, clubs' and
 * ratings' domain events (decision 0045) and awards first win, first club,
 * win streaks and ratings reached. The dispatcher runs each subscriber once
 * per event across instances, but a handler may run again after a crash: an
 * achievement is held once per member (a partial unique index), and a game
 * is counted into a streak once (trophy_counted_events), so a repeat changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { OutboxRelay } from "../../platform/realtime/outbox.server.ts";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { trophyReceivedDomainEvent } from "./trophies.domain-events.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import { trophyEarnedNotification } from "./notifications/trophy-notifications.schema.ts";
import { memberTrophies, trophyCountedEvents, trophyWinStreaks } from "./trophies.tables.server.ts";
import { ratingTrophies, streakTrophies, trophyByCode, type TrophyCode } from "./trophy-catalogue.ts";

export interface GameOutcome {
  readonly eventId: number;
  readonly whiteId: number;
  readonly blackId: number;
  readonly result: "1-0" | "0-1" | "1/2-1/2" | "*";
}

export function createTrophyAchievements(db: Database, deps: { readonly directory: MemberDirectory; readonly notifications: NotificationRecorder; readonly outbox: Pick<OutboxRelay, "kick">; readonly domainEvents: DomainEventNotifier }) {
  const { directory, notifications, outbox, domainEvents } = deps;
  /** After a commit that awarded something: its notices and its trophy-received events leave. */
  const announce = () => {
    outbox.kick();
    domainEvents.kick();
  };

  /** Awards each trophy the member does not hold yet, with a notice for each new one; returns the codes newly awarded. */
  /**
   * Awards the site's trophies not held yet. Inside a caller's transaction the caller passes the member it read
   * before opening it: a read on the pool while a transaction is open waits forever on PGlite's one connection.
   */
  async function achieve(memberId: number, codes: readonly TrophyCode[], inTx?: { tx: Database; member: { username: string } | undefined }): Promise<TrophyCode[]> {
    if (codes.length === 0) return [];
    const member = inTx ? inTx.member : (await directory.membersByIds([memberId])).get(memberId);
    if (!member) return [];
    const run = async (tx: Database) => {
      const awarded: TrophyCode[] = [];
      for (const code of codes) {
        const trophy = trophyByCode(code);
        const inserted = await tx.insert(memberTrophies).values({ recipientId: memberId, trophyId: trophy.id, bySite: true }).onConflictDoNothing().returning({ id: memberTrophies.id });
        const [row] = inserted;
        if (!row) continue;
        awarded.push(code);
        await notifications.recordIn(tx, memberId, trophyEarnedNotification, { recipient: member.username, trophyId: trophy.id });
        await publishDomainEvent(tx, trophyReceivedDomainEvent, { memberTrophyId: row.id, recipientId: memberId, trophyId: trophy.id, code: trophy.code, image: trophy.image, awarderId: null });
      }
      return awarded;
    };
    const awarded = inTx ? await run(inTx.tx) : await db.transaction(run);
    if (awarded.length > 0 && !inTx) announce();
    return awarded;
  }

  return {
    achieve,

    /** A game ended: the winner's first win and streak, the loser's (and a draw's) streak back to none. Aborted games count for nothing. */
    async gameEnded(game: GameOutcome): Promise<void> {
      if (game.result === "*") return;
      const winnerId = game.result === "1-0" ? game.whiteId : game.result === "0-1" ? game.blackId : null;
      const players: ReadonlyMap<number, { username: string }> = winnerId === null ? new Map() : await directory.membersByIds([winnerId]);
      const awarded = await db.transaction(async (tx) => {
        const codes: TrophyCode[] = [];
        for (const memberId of [game.whiteId, game.blackId]) {
          const counted = await tx.insert(trophyCountedEvents).values({ eventId: game.eventId, memberId }).onConflictDoNothing().returning({ memberId: trophyCountedEvents.memberId });
          if (counted.length === 0) continue;
          const won = memberId === winnerId;
          const [streak] = await tx
            .insert(trophyWinStreaks)
            .values({ memberId, wins: won ? 1 : 0 })
            .onConflictDoUpdate({ target: trophyWinStreaks.memberId, set: { wins: won ? sql`${trophyWinStreaks.wins} + 1` : 0 } })
            .returning({ wins: trophyWinStreaks.wins });
          if (!won) continue;
          const earned: TrophyCode[] = ["first_win", ...streakTrophies.filter((entry) => (streak?.wins ?? 0) >= entry.wins).map((entry) => entry.code)];
          codes.push(...(await achieve(memberId, earned, { tx, member: players.get(memberId) })));
        }
        return codes;
      });
      if (awarded.length > 0) announce();
    },

    /** A member joined a club: their first club. */
    async joinedClub(memberId: number): Promise<void> {
      await achieve(memberId, ["first_club"]);
    },

    /** Ratings changed: each rating reached (by any rating type). */
    async ratingsChanged(changes: readonly { readonly memberId: number; readonly after: number }[]): Promise<void> {
      for (const change of changes) {
        await achieve(change.memberId, ratingTrophies.filter((entry) => change.after >= entry.rating).map((entry) => entry.code));
      }
    },

    /** The member's current run of wins (tests and the cabinet). */
    async winStreakOf(memberId: number): Promise<number> {
      const [row] = await db.select({ wins: trophyWinStreaks.wins }).from(trophyWinStreaks).where(eq(trophyWinStreaks.memberId, memberId));
      return row?.wins ?? 0;
    },
  };
}

export type TrophyAchievements = ReturnType<typeof createTrophyAchievements>;
