/**
 * Vacation (decision 0018): a member on vacation has their daily games wait.
 * Starting one pushes back the deadline of every daily game where it is their
 * move by its length; ending it early gives the unused time back to the
 * balance and to those deadlines; a move made to them while they are away
 * gets a deadline that starts when they return. A daily timeout with days
 * left in the balance starts a one-day vacation instead of ending the game.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { vacationAllowance, type VacationAllowance } from "../../accounts/membership/vacation-allowance.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { VacationView } from "../play.schema.ts";
import { games, vacations } from "../play.tables.server.ts";
import { accrue, DAY_MS, openingBalance, wholeDays, type VacationBalance } from "./vacation.ts";

export type VacationStatus = VacationView;

export type VacationFailure = "vacation.guest" | "vacation.already_on" | "vacation.not_on" | "vacation.too_long";

type VacationRow = typeof vacations.$inferSelect;

/** The daily games in play where it is this member's move. */
function toMoveInDailyGames(memberId: number) {
  return and(
    eq(games.status, "playing"),
    eq(games.speed, "daily"),
    or(and(eq(games.whiteId, memberId), sql`${games.ply} % 2 = 0`), and(eq(games.blackId, memberId), sql`${games.ply} % 2 = 1`)),
  );
}

export function createVacationsService(deps: { readonly db: Database; readonly now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The member's row, locked, created with the opening balance, accrued up to `at` when the level is known. */
  async function lockedBalance(tx: Database, memberId: number, allowance: VacationAllowance | null, at: number): Promise<VacationRow> {
    await tx
      .insert(vacations)
      .values({ memberId, ...columnsOf(openingBalance(allowance ?? vacationAllowance(0), at)) })
      .onConflictDoNothing();
    const [row] = await tx.select().from(vacations).where(eq(vacations.memberId, memberId)).for("update");
    if (!row) throw new Error(`no vacation row for member ${memberId}`);
    if (!allowance) return row;
    const accrued = accrue({ balanceMs: row.balanceMs, accruedAt: row.accruedAt.getTime() }, allowance, at);
    if (accrued.accruedAt === row.accruedAt.getTime()) return row;
    const [updated] = await tx.update(vacations).set(columnsOf(accrued)).where(eq(vacations.memberId, memberId)).returning();
    return updated ?? row;
  }

  async function shiftDeadlines(tx: Database, memberId: number, byMs: number, notBefore: number): Promise<void> {
    await tx
      .update(games)
      .set({ deadlineAt: sql`greatest(${games.deadlineAt} + ${Math.round(byMs)}::bigint * interval '1 millisecond', ${new Date(notBefore)})` })
      .where(toMoveInDailyGames(memberId));
  }

  /** Starts a vacation of `days` from `at` in the caller's transaction. */
  async function begin(tx: Database, row: VacationRow, days: number, at: number): Promise<VacationRow> {
    const lengthMs = days * DAY_MS;
    const [updated] = await tx
      .update(vacations)
      .set({ balanceMs: row.balanceMs - lengthMs, onUntil: new Date(at + lengthMs) })
      .where(eq(vacations.memberId, row.memberId))
      .returning();
    await shiftDeadlines(tx, row.memberId, lengthMs, at);
    return updated ?? row;
  }

  function statusOf(row: VacationRow, allowance: VacationAllowance, at: number): VacationStatus {
    const on = row.onUntil !== null && row.onUntil.getTime() > at;
    return { daysLeft: wholeDays(row.balanceMs), onUntil: on ? row.onUntil!.toISOString() : null, allowance };
  }

  return {
    async status(member: PlayMember): Promise<VacationStatus> {
      const allowance = vacationAllowance(member.level);
      const at = now();
      const row = await db.transaction((tx) => lockedBalance(tx, member.id, allowance, at));
      return statusOf(row, allowance, at);
    },

    async start(member: PlayMember, days: number): Promise<Result<VacationStatus, VacationFailure>> {
      const allowance = vacationAllowance(member.level);
      if (allowance.capDays === 0) return fail("vacation.guest");
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lockedBalance(tx, member.id, allowance, at);
        if (row.onUntil && row.onUntil.getTime() > at) return fail("vacation.already_on");
        if (days > wholeDays(row.balanceMs)) return fail("vacation.too_long");
        return ok(statusOf(await begin(tx, row, days, at), allowance, at));
      });
    },

    async end(member: PlayMember): Promise<Result<VacationStatus, VacationFailure>> {
      const allowance = vacationAllowance(member.level);
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lockedBalance(tx, member.id, allowance, at);
        if (!row.onUntil || row.onUntil.getTime() <= at) return fail("vacation.not_on");
        const unusedMs = row.onUntil.getTime() - at;
        const [updated] = await tx
          .update(vacations)
          .set({ balanceMs: row.balanceMs + unusedMs, onUntil: null })
          .where(eq(vacations.memberId, member.id))
          .returning();
        await shiftDeadlines(tx, member.id, -unusedMs, at);
        return ok(statusOf(updated ?? row, allowance, at));
      });
    },

    /** How much longer the member is away (0 when not on vacation): added to the deadline of a move made to them. */
    async awayMs(memberId: number, at: number): Promise<number> {
      const [row] = await db.select({ onUntil: vacations.onUntil }).from(vacations).where(eq(vacations.memberId, memberId));
      return row?.onUntil ? Math.max(0, row.onUntil.getTime() - at) : 0;
    },

    /**
     * In the sweeper's transaction, for a daily game whose deadline passed:
     * when the member to move has a whole day left, a one-day vacation starts
     * (pushing back all their daily deadlines) and the game goes on. The level
     * is read before the transaction; without it the balance is not accrued.
     */
    async coverTimeout(tx: Database, gameId: number, memberId: number, level: number | undefined, at: number): Promise<boolean> {
      const allowance = level === undefined ? null : vacationAllowance(level);
      if (allowance?.capDays === 0) return false;
      const row = await lockedBalance(tx, memberId, allowance, at);
      if (row.onUntil && row.onUntil.getTime() > at) {
        // Already away (the deadline raced the vacation's start): this game waits for the return too.
        await tx.update(games).set({ deadlineAt: row.onUntil }).where(eq(games.id, gameId));
        return true;
      }
      if (wholeDays(row.balanceMs) < 1) return false;
      await begin(tx, row, 1, at);
      return true;
    },
  };
}

function columnsOf(balance: VacationBalance) {
  return { balanceMs: balance.balanceMs, accruedAt: new Date(balance.accruedAt) };
}

export type VacationsService = ReturnType<typeof createVacationsService>;
