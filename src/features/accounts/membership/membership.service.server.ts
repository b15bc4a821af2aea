import { and, between, count, countDistinct, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { drainClaimed } from "../../../platform/jobs/claim-batch.server.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { membershipGrants, users } from "../accounts.tables.server.ts";
import { hasAtLeast, isClosedLevel, levels } from "../levels.ts";
import { memberSummaryColumns, presentMemberSummary } from "../member-summary.server.ts";
import type { MembershipFailure } from "./membership-rules.ts";
import type { Gifter, GiftersPage, MembershipStatus } from "./membership.schema.ts";
import { addPeriod, planLevelValue, type PlanLevel, type PlanPeriod } from "./plans.ts";

/**
 * Memberships: granted through a MembershipProvider, lowered back to basic by
 * the expiry job, given as gifts between members.
 *
 * NO REAL PAYMENT EXISTS IN KINGSIDE. No payment service is reachable from
 * here, so the only provider shipped is the built-in one: staff use it to
 * grant or extend a membership, and it stands in for the payment when a
 * member gifts one (the gift is recorded with gifted_by, nothing is charged).
 * A real processor would be a second MembershipProvider whose grant() runs
 * after the payment clears.
 */
export interface MembershipGrantRequest {
  readonly userId: number;
  readonly level: PlanLevel;
  readonly period: PlanPeriod;
  /** Who caused it: the staff member, or the gifting member. */
  readonly by: number | null;
  /** Set when the membership is a gift from this member. */
  readonly giftedBy?: number | null;
}

export type GrantFailure = Extract<MembershipFailure, "member_not_found" | "not_eligible" | "membership_permanent">;

export interface MembershipProvider {
  /** Stored in membership_grants.provider. */
  readonly name: string;
  /** Whether grant() runs after a real payment cleared. Without one, a gift would be something of value for free: only staff may give it. */
  readonly takesPayment: boolean;
  grant(request: MembershipGrantRequest): Promise<Result<MembershipStatus, GrantFailure>>;
}

/** The columns the eligibility rules read. */
export interface MembershipTarget {
  readonly id: number;
  readonly membershipLevel: number;
  readonly isEnabled: boolean;
  readonly membershipExpiresAt: Date | null;
}

const PREMIUM_MIN = levels.silver;
const PREMIUM_MAX = levels.diamond;

function isPremiumTier(level: number): boolean {
  return level >= PREMIUM_MIN && level <= PREMIUM_MAX;
}

/** An active membership that ends: premium with an expiry still ahead. */
function activeExpiry(target: MembershipTarget, now: Date): Date | null {
  const expiry = target.membershipExpiresAt;
  return isPremiumTier(target.membershipLevel) && expiry && expiry > now ? expiry : null;
}

/**
 * Why a membership cannot be granted to `target`, or null when it can:
 * guests, closed and disabled accounts, moderators and staff cannot receive
 * one (a grant would change their level), nor can a member whose premium
 * level has no end date (there is nothing to extend, and a dated grant would
 * eventually take the permanent level away).
 */
export function grantRefusal(target: MembershipTarget): GrantFailure | null {
  const level = target.membershipLevel;
  if (!target.isEnabled || level === levels.guest || isClosedLevel(level) || level > PREMIUM_MAX || level < levels.basic) return "not_eligible";
  if (isPremiumTier(level) && target.membershipExpiresAt === null) return "membership_permanent";
  return null;
}

/** Who gives a gift, as the session knows them: the rules below decide from the level whether they are staff. */
export interface Giver {
  readonly id: number;
  readonly level: number;
}

const isStaffGiver = (giver: Giver): boolean => hasAtLeast(giver.level, "staff");

/** Whether `giverId` may reach `targetId` (the social feature's block rule): a refusal code, or null. */
export type GiftContactCheck = (giverId: number, targetId: number) => Promise<"blocked_by_member" | "blocked" | null>;

/**
 * Gifts add their rules to a grant's: staff only while the provider takes no
 * payment (nothing of value for free), not to oneself.
 */
export function giftRefusal(giver: Giver, target: MembershipTarget, provider: Pick<MembershipProvider, "takesPayment">): MembershipFailure | null {
  if (!provider.takesPayment && !isStaffGiver(giver)) return "gift_staff_only";
  if (giver.id === target.id) return "gift_to_self";
  return grantRefusal(target);
}

/**
 * The new level and expiry: an active membership is extended from its
 * current end (and never lowered: gold granted to an active diamond keeps
 * diamond); otherwise the period starts now.
 */
export function grantOutcome(target: MembershipTarget, level: PlanLevel, period: PlanPeriod, now: Date): { level: number; startsAt: Date; expiresAt: Date } {
  const current = activeExpiry(target, now);
  const startsAt = current ?? now;
  const newLevel = current ? Math.max(target.membershipLevel, planLevelValue(level)) : planLevelValue(level);
  return { level: newLevel, startsAt, expiresAt: addPeriod(startsAt, period) };
}

/** The built-in provider: no payment, a row in membership_grants and the member's new level, in one transaction. */
export function createBuiltinMembershipProvider(db: Database, now: () => Date = () => new Date()): MembershipProvider {
  return {
    name: "builtin",
    takesPayment: false,
    async grant(request) {
      return db.transaction(async (tx): Promise<Result<MembershipStatus, GrantFailure>> => {
        const [target] = await tx
          .select({ id: users.id, username: users.username, membershipLevel: users.membershipLevel, isEnabled: users.isEnabled, membershipExpiresAt: users.membershipExpiresAt })
          .from(users)
          .where(eq(users.id, request.userId))
          .for("update");
        if (!target) return fail("member_not_found");
        const at = now();
        const refusal = grantRefusal(target);
        if (refusal) return fail(refusal);
        const outcome = grantOutcome(target, request.level, request.period, at);
        await tx.insert(membershipGrants).values({
          userId: target.id,
          level: planLevelValue(request.level),
          period: request.period,
          provider: "builtin",
          grantedBy: request.giftedBy ? null : request.by,
          giftedBy: request.giftedBy ?? null,
          startsAt: outcome.startsAt,
          expiresAt: outcome.expiresAt,
        });
        await tx.update(users).set({ membershipLevel: outcome.level, membershipExpiresAt: outcome.expiresAt }).where(eq(users.id, target.id));
        return ok({ username: target.username, level: outcome.level, expiresAt: outcome.expiresAt.toISOString() });
      });
    },
  };
}

/** Memberships lowered per claimed batch of the expiry job. */
export const MEMBERSHIP_EXPIRY_BATCH = 500;

/**
 * Lowers premium members whose membership has ended back to basic, claiming
 * them in batches (FOR UPDATE SKIP LOCKED) through the partial index on
 * membership_expires_at, so a backlog never holds one long lock and a grant
 * racing the job waits for one batch at most. Staff, moderators, guests and
 * closed accounts are outside the 20..50 range and never touched. Returns
 * how many changed.
 */
export async function expireMemberships(db: Database, now: Date, signal: AbortSignal = new AbortController().signal): Promise<number> {
  return drainClaimed(
    db,
    {
      batchSize: MEMBERSHIP_EXPIRY_BATCH,
      select: (tx) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(isNotNull(users.membershipExpiresAt), lt(users.membershipExpiresAt, now), between(users.membershipLevel, PREMIUM_MIN, PREMIUM_MAX)))
          .limit(MEMBERSHIP_EXPIRY_BATCH),
      handle: async (tx, rows) => {
        await tx
          .update(users)
          .set({ membershipLevel: levels.basic, membershipExpiresAt: null })
          .where(inArray(users.id, rows.map((row) => row.id)));
      },
    },
    signal,
  );
}

export const GIFTERS_PAGE_SIZE = 25;

/** Membership commands and queries for routes and pages. */
export function createMembershipService(db: Database, provider: MembershipProvider) {
  async function targetByUsername(username: string) {
    const [target] = await db
      .select({ id: users.id, membershipLevel: users.membershipLevel, isEnabled: users.isEnabled, membershipExpiresAt: users.membershipExpiresAt })
      .from(users)
      .where(eq(users.usernameKey, username.toLowerCase()))
      .limit(1);
    return target ?? null;
  }

  /** The one gift rule: staff only without payments, never to oneself, the grant rules (no permanent premium), the block rule. */
  async function giftCheck(giver: Giver, username: string, contacts: GiftContactCheck): Promise<Result<{ id: number }, MembershipFailure>> {
    if (!provider.takesPayment && !isStaffGiver(giver)) return fail("gift_staff_only");
    const target = await targetByUsername(username);
    if (!target) return fail("member_not_found");
    const refusal = giftRefusal(giver, target, provider) ?? (await contacts(giver.id, target.id));
    return refusal ? fail(refusal) : ok(target);
  }

  return {
    providerName: provider.name,
    /** Whether only staff may give memberships (no payment provider configured). */
    giftsStaffOnly: !provider.takesPayment,

    /** A member's level and expiry (null: unknown member). */
    async statusOf(userId: number): Promise<MembershipStatus | null> {
      const [row] = await db.select({ username: users.username, level: users.membershipLevel, expiresAt: users.membershipExpiresAt }).from(users).where(eq(users.id, userId)).limit(1);
      return row ? { username: row.username, level: row.level, expiresAt: row.expiresAt?.toISOString() ?? null } : null;
    },

    /** Whether `username` may receive a gift from `giver` right now (null: yes): what the user card offers Gift membership by. */
    async giftRefusalFor(giver: Giver, username: string, contacts: GiftContactCheck): Promise<MembershipFailure | null> {
      const checked = await giftCheck(giver, username, contacts);
      return checked.ok ? null : checked.error;
    },

    /** Staff grant or extend a membership. */
    async grant(staffId: number, username: string, level: PlanLevel, period: PlanPeriod): Promise<Result<MembershipStatus, GrantFailure>> {
      const target = await targetByUsername(username);
      if (!target) return fail("member_not_found");
      return provider.grant({ userId: target.id, level, period, by: staffId });
    },

    /**
     * A member gifts a membership to another member: staff only while no
     * payment provider is configured, never to a member who blocked the giver.
     */
    async gift(giver: Giver, username: string, level: PlanLevel, period: PlanPeriod, contacts: GiftContactCheck): Promise<Result<MembershipStatus, MembershipFailure>> {
      // The card's rule (giftRefusalFor); the grant checks the target again under its row lock.
      const checked = await giftCheck(giver, username, contacts);
      if (!checked.ok) return checked;
      const target = checked.value;
      return provider.grant({ userId: target.id, level, period, by: giver.id, giftedBy: giver.id });
    },

    /** Members who gifted memberships, most gifts first; only enabled, open accounts are listed. */
    async gifters(page: number, pageSize: number = GIFTERS_PAGE_SIZE): Promise<GiftersPage> {
      const listed = and(isNotNull(membershipGrants.giftedBy), eq(users.isEnabled, true), sql`${users.membershipLevel} not between ${levels.closed_fair_play} and ${levels.closed_unspecified}`);
      const [totals] = await db.select({ gifters: countDistinct(membershipGrants.giftedBy) }).from(membershipGrants).innerJoin(users, eq(users.id, membershipGrants.giftedBy)).where(listed);
      const totalGifters = totals?.gifters ?? 0;
      const totalPages = Math.max(1, Math.ceil(totalGifters / pageSize));
      const current = Math.min(Math.max(1, page), totalPages);
      const gifts = count(membershipGrants.id);
      const rows = await db
        .select({ ...memberSummaryColumns, gifts })
        .from(membershipGrants)
        .innerJoin(users, eq(users.id, membershipGrants.giftedBy))
        .where(listed)
        .groupBy(users.id)
        .orderBy(desc(gifts), users.usernameKey)
        .limit(pageSize)
        .offset((current - 1) * pageSize);
      const gifters: Gifter[] = rows.map((row) => ({ ...presentMemberSummary(row), gifts: row.gifts }));
      return { gifters, page: current, pageSize, totalPages, totalGifters };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
