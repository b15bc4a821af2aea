import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { OutboxRelay } from "../../platform/realtime/outbox.server.ts";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { trophyReceivedDomainEvent } from "./trophies.domain-events.server.ts";
import type { MemberDirectory, PublicMember } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { trophyAwardedNotification } from "./notifications/trophy-notifications.schema.ts";
import { awardRefusal, featureRefusal, monthlyAwardAllowance, type AwardRefusal } from "./trophies.policy.ts";
import { encodeAngleBrackets, SHOWCASE_SIZE, TROPHY_PAGE_SIZE, type MemberTrophyView, type TrophyCabinet, type TrophyCatalogueView } from "./trophies.schema.ts";
import { memberTrophies } from "./trophies.tables.server.ts";
import { trophyById, trophyCatalogue, type TrophyType } from "./trophy-catalogue.ts";
import type { TrophyGamesSource } from "./trophy-games.port.ts";

/** Who acts, as the session knows them. */
export interface TrophyActor {
  readonly id: number;
  readonly username: string;
  readonly level: number;
}

export type TrophyFailure = AwardRefusal | "not_found" | "trophy_unknown" | "game_unknown" | "sent_too_many" | "not_yours";

export interface AwardInput {
  /** As sent; angle brackets are encoded before it is kept. */
  readonly message: string;
  readonly gameId: number | null;
}

export interface TrophiesDeps {
  readonly directory: MemberDirectory;
  readonly contacts: ContactGuard;
  readonly notifications: NotificationRecorder;
  readonly outbox: Pick<OutboxRelay, "kick">;
  /** Told after a commit that published trophies.trophy-received (the home feed's). */
  readonly domainEvents: DomainEventNotifier;
  readonly games: TrophyGamesSource;
  /** The application's clock in ms (the allowance's month). */
  readonly clock: () => number;
}

/** An arbitrary constant: the advisory lock's first key, so that one member's awards are counted one at a time. */
const AWARD_LOCK_SPACE = 58_001;

function monthStart(now: number): Date {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

type TrophyRow = typeof memberTrophies.$inferSelect;

/**
 * Trophies (spec 001 §2.5, §3.8, §7.5): awarding a social trophy, a member's
 * trophies by type, the showcase and featuring, the count, the catalogue by
 * type. The only writer of the trophies tables (achievements: trophy-achievements.server.ts).
 */
export function createTrophiesService(db: Database, deps: TrophiesDeps) {
  const { directory, contacts, notifications, outbox, domainEvents, games, clock } = deps;

  async function present(rows: readonly TrophyRow[]): Promise<MemberTrophyView[]> {
    const awarderIds = [...new Set(rows.flatMap((row) => (row.awarderId === null ? [] : [row.awarderId])))];
    const awarders = awarderIds.length > 0 ? await directory.membersByIds(awarderIds) : new Map<number, PublicMember>();
    return rows.flatMap((row) => {
      const trophy = trophyById(row.trophyId);
      if (!trophy) return [];
      return [
        {
          id: row.id,
          trophyId: trophy.id,
          code: trophy.code,
          type: trophy.type,
          image: trophy.image,
          awardedBy: row.awarderId === null ? null : (awarders.get(row.awarderId)?.username ?? null),
          message: row.message,
          gameId: row.gameId,
          isLiveGame: row.isLiveGame,
          featured: row.featured,
          awardedAt: row.awardedAt.toISOString(),
        },
      ];
    });
  }

  async function awardedThisMonth(tx: Database, awarderId: number): Promise<number> {
    const [row] = await tx
      .select({ awarded: count() })
      .from(memberTrophies)
      .where(and(eq(memberTrophies.awarderId, awarderId), eq(memberTrophies.bySite, false), gte(memberTrophies.awardedAt, monthStart(clock()))));
    return row?.awarded ?? 0;
  }

  /** The showcase (featured first, then newest) and the count: the profile's cabinet. */
  async function cabinetOf(memberId: number): Promise<TrophyCabinet> {
    const [rows, [total]] = await Promise.all([
      db.select().from(memberTrophies).where(eq(memberTrophies.recipientId, memberId)).orderBy(desc(memberTrophies.featured), desc(memberTrophies.awardedAt), desc(memberTrophies.id)).limit(SHOWCASE_SIZE),
      db.select({ total: count() }).from(memberTrophies).where(eq(memberTrophies.recipientId, memberId)),
    ]);
    return { showcase: await present(rows), count: total?.total ?? 0 };
  }

  async function recipientOf(username: string) {
    return directory.memberByUsername(username);
  }

  return {
    /** POST /callback/award/trophy/{username}/{trophyId}: one social trophy, counted against the awarder's month, with its notification. */
    async award(actor: TrophyActor, username: string, trophyId: number, input: AwardInput): Promise<Result<MemberTrophyView, TrophyFailure>> {
      const trophy = trophyById(trophyId);
      if (!trophy || trophy.type !== "social") return fail("trophy_unknown");
      const recipient = await recipientOf(username);
      if (!recipient) return fail("not_found");
      // The game's speed is play's to tell; the request's choice of gameId or gameLiveId only names it.
      const game = input.gameId === null ? null : await games.gameOf(input.gameId);
      if (input.gameId !== null && !game) return fail("game_unknown");
      const outcome = await db.transaction(async (tx): Promise<Result<TrophyRow, TrophyFailure>> => {
        // Counting then inserting must not interleave with the same member's other award (two tabs, two instances).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${AWARD_LOCK_SPACE}, ${actor.id})`);
        const refusal = awardRefusal({
          actorLevel: actor.level,
          isSelf: actor.id === recipient.id,
          recipientEnabled: recipient.isEnabled,
          recipientLevel: recipient.membershipLevel,
          contactRefusal: await contacts.refusal(actor.id, recipient.id, tx),
          awardedThisMonth: await awardedThisMonth(tx, actor.id),
        });
        if (refusal) return fail(refusal);
        const permit = await notifications.admitIn(tx, actor.id, recipient.id);
        if (!permit.ok) return fail(permit.error);
        const message = encodeAngleBrackets(input.message.trim());
        const [row] = await tx
          .insert(memberTrophies)
          .values({ recipientId: recipient.id, trophyId: trophy.id, awarderId: actor.id, message: message === "" ? null : message, gameId: input.gameId, isLiveGame: game?.speed === "live" })
          .returning();
        if (!row) throw new Error("the award was not written");
        await notifications.sendIn(tx, permit.value, trophyAwardedNotification, { from: actor.username, recipient: recipient.username, trophyId: trophy.id });
        await publishDomainEvent(tx, trophyReceivedDomainEvent, { memberTrophyId: row.id, recipientId: recipient.id, trophyId: trophy.id, code: trophy.code, image: trophy.image, awarderId: actor.id });
        return ok(row);
      });
      if (!outcome.ok) return outcome;
      outbox.kick();
      domainEvents.kick();
      const [view] = await present([outcome.value]);
      if (!view) throw new Error("an awarded trophy is in the catalogue");
      return ok(view);
    },

    /** How many social trophies the member may still award this month. */
    async awardsLeft(actor: TrophyActor): Promise<number> {
      return Math.max(0, monthlyAwardAllowance(actor.level) - (await awardedThisMonth(db, actor.id)));
    },

    /** GET /callback/member/trophy/{username}/{trophyType}: newest first ("all" for both types). */
    async trophiesOf(username: string, type: TrophyType | "all"): Promise<Result<MemberTrophyView[], TrophyFailure>> {
      const member = await recipientOf(username);
      if (!member) return fail("not_found");
      const ofType = type === "all" ? undefined : inArray(memberTrophies.trophyId, trophyCatalogue.filter((trophy) => trophy.type === type).map((trophy) => trophy.id));
      const rows = await db.select().from(memberTrophies).where(and(eq(memberTrophies.recipientId, member.id), ofType)).orderBy(desc(memberTrophies.awardedAt), desc(memberTrophies.id));
      return ok(await present(rows));
    },

    /** GET /callback/trophies: the catalogue of one type, a page at a time ({ data, meta }). */
    catalogue(type: TrophyType, page: number): { data: TrophyCatalogueView[]; meta: { currentPage: number; morePages: boolean } } {
      const ofType = trophyCatalogue.filter((trophy) => trophy.type === type);
      const start = (page - 1) * TROPHY_PAGE_SIZE;
      return {
        data: ofType.slice(start, start + TROPHY_PAGE_SIZE).map(({ id, code, type: kind, image }) => ({ id, code, type: kind, image })),
        meta: { currentPage: page, morePages: ofType.length > start + TROPHY_PAGE_SIZE },
      };
    },

    cabinetOf,

    async cabinetByUsername(username: string): Promise<Result<TrophyCabinet, TrophyFailure>> {
      const member = await recipientOf(username);
      return member ? ok(await cabinetOf(member.id)) : fail("not_found");
    },

    /** POST /callback/feature/trophy/{id}/{featured}: the holder (or staff) features a trophy in the showcase (1) or puts it back (0). */
    async feature(actor: TrophyActor, id: number, featured: boolean): Promise<Result<MemberTrophyView, TrophyFailure>> {
      const [row] = await db.select().from(memberTrophies).where(eq(memberTrophies.id, id));
      if (!row) return fail("not_found");
      const refusal = featureRefusal(actor, row.recipientId);
      if (refusal) return fail(refusal);
      const [updated] = await db.update(memberTrophies).set({ featured }).where(eq(memberTrophies.id, id)).returning();
      const [view] = await present(updated ? [updated] : []);
      return view ? ok(view) : fail("not_found");
    },
  };
}

export type TrophiesService = ReturnType<typeof createTrophiesService>;
