import { and, count, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import type { NotificationLimitRefusal } from "../../../platform/notifications/notification-recorder.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import type { ChallengeInput, ChallengeView, GameTerms } from "../play.schema.ts";
import { transactionsWithEvents, type PlayEventSink, type PlayMembers, type PlayMember } from "../play-ports.server.ts";
import { challenges, type ChallengeRow } from "../play.tables.server.ts";
import { termsColumns, termsFromRow, type GameStarter } from "../game-terms.server.ts";

export type ChallengeFailure =
  | "guest"
  | "guest_rated"
  | "not_found"
  | "self"
  | "account_closed"
  | "blocked"
  | "challenge_exists"
  | "too_many_challenges"
  | "challenge_gone"
  | NotificationLimitRefusal;

/** Open outgoing challenges one member may have at once. */
export const MAX_OPEN_CHALLENGES = 20;
/** A live challenge waits 20 minutes; a daily one (the offline challenge) a week. */
export const LIVE_CHALLENGE_TTL_MS = 20 * 60_000;
export const DAILY_CHALLENGE_TTL_MS = 7 * 24 * 3_600_000;

/** Guests play casual live games only (issue 9 §2). */
export function guestMayPlay(terms: GameTerms): boolean {
  return !terms.rated && terms.control.kind === "live";
}

export function createChallengesService(deps: { db: Database; members: PlayMembers; events: PlayEventSink; startGame: GameStarter; now?: () => Date }) {
  const { db, members, events, startGame } = deps;
  const now = deps.now ?? (() => new Date());
  const inTransaction = transactionsWithEvents(db, events);

  function present(row: ChallengeRow, challenger: string, challenged: string): ChallengeView {
    return {
      id: row.id,
      challenger,
      challenged,
      terms: termsFromRow(row),
      status: row.status === "open" && row.expiresAt <= now() ? "expired" : (row.status as ChallengeView["status"]),
      gameId: row.gameId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  function mayPlay(member: PlayMember, terms: GameTerms): boolean {
    return member.level > 0 || guestMayPlay(terms);
  }

  return {
    /** Challenges a named member; refusals change nothing. */
    async create(challenger: PlayMember, input: ChallengeInput): Promise<Result<ChallengeView, ChallengeFailure>> {
      if (!mayPlay(challenger, input.terms)) return fail(input.terms.rated ? "guest_rated" : "guest");
      const opponent = await members.findByUsername(input.opponent);
      if (!opponent) return fail("not_found");
      if (opponent.id === challenger.id) return fail("self");
      if (!opponent.available) return fail("account_closed");
      if (!mayPlay(opponent, input.terms)) return fail("guest");
      if (await members.blockedEitherWay(challenger.id, opponent.id)) return fail("blocked");
      const at = now();
      const ttl = input.terms.control.kind === "live" ? LIVE_CHALLENGE_TTL_MS : DAILY_CHALLENGE_TTL_MS;
      const created = await inTransaction(async (tx): Promise<Result<ChallengeRow, ChallengeFailure>> => {
        // Serialises one challenger's creations, so the open-challenge cap holds under concurrent requests.
        await tx.execute(sql`select pg_advisory_xact_lock(${CHALLENGE_LOCK_SPACE}, ${challenger.id})`);
        const open = and(eq(challenges.challengerId, challenger.id), eq(challenges.status, "open"), gt(challenges.expiresAt, at));
        const [mine] = await tx.select({ total: count() }).from(challenges).where(open);
        if ((mine?.total ?? 0) >= MAX_OPEN_CHALLENGES) return fail("too_many_challenges");
        const [same] = await tx.select({ id: challenges.id }).from(challenges).where(and(open, eq(challenges.challengedId, opponent.id))).limit(1);
        if (same) return fail("challenge_exists");
        // Counted before anything is written: past the challenger's limits the challenge is refused whole.
        const permit = await events.admitNotice(tx, challenger.id, opponent.id);
        if (!permit.ok) return permit;
        const [row] = await tx
          .insert(challenges)
          .values({ challengerId: challenger.id, challengedId: opponent.id, ...termsColumns(input.terms), color: input.terms.color, expiresAt: new Date(at.getTime() + ttl) })
          .returning();
        if (!row) throw new Error("challenge insert returned nothing");
        await events.enqueue(tx, { type: "challenge.received", memberId: opponent.id, payload: { id: row.id, from: challenger.username }, permit: permit.value });
        return ok(row);
      });
      return created.ok ? ok(present(created.value, challenger.username, opponent.username)) : created;
    },

    /** The challenged member accepts: the challenge closes and the game starts, in one transaction. */
    async accept(member: PlayMember, challengeId: number): Promise<Result<{ gameId: number }, ChallengeFailure>> {
      // Checks that read other features run before the transaction (no nested connection on PGlite);
      // the conditional update below is what makes accepting happen once.
      const [open] = await db.select().from(challenges).where(and(eq(challenges.id, challengeId), eq(challenges.challengedId, member.id), eq(challenges.status, "open")));
      if (!open) return fail("challenge_gone");
      const terms = termsFromRow(open);
      if (!mayPlay(member, terms)) return fail("guest");
      if (await members.blockedEitherWay(open.challengerId, member.id)) return fail("blocked");
      return inTransaction(async (tx): Promise<Result<{ gameId: number }, ChallengeFailure>> => {
        const [row] = await tx
          .update(challenges)
          .set({ status: "accepted" })
          .where(and(eq(challenges.id, challengeId), eq(challenges.challengedId, member.id), eq(challenges.status, "open"), gt(challenges.expiresAt, now())))
          .returning();
        if (!row) return fail("challenge_gone");
        const game = await startGame(tx, { challengerId: row.challengerId, acceptorId: member.id, terms });
        await tx.update(challenges).set({ gameId: game.id }).where(eq(challenges.id, row.id));
        await events.enqueue(tx, { type: "challenge.accepted", memberId: row.challengerId, payload: { id: row.id, by: member.username, gameId: game.id } });
        await events.enqueue(tx, { type: "challenge.answered", memberId: member.id, payload: { id: row.id } });
        return ok({ gameId: game.id });
      });
    },

    async decline(member: PlayMember, challengeId: number): Promise<Result<null, ChallengeFailure>> {
      return close(member, challengeId, "declined");
    },

    async cancel(member: PlayMember, challengeId: number): Promise<Result<null, ChallengeFailure>> {
      return close(member, challengeId, "cancelled");
    },

    /** The member's open challenges, both directions, newest first. */
    async listOpen(member: PlayMember): Promise<ChallengeView[]> {
      const rows = await db
        .select()
        .from(challenges)
        .where(and(or(eq(challenges.challengerId, member.id), eq(challenges.challengedId, member.id)), eq(challenges.status, "open"), gt(challenges.expiresAt, now())))
        .orderBy(desc(challenges.createdAt))
        .limit(2 * MAX_OPEN_CHALLENGES);
      const names = await members.usernamesByIds(rows.flatMap((row) => [row.challengerId, row.challengedId]));
      return rows.map((row) => present(row, names.get(row.challengerId) ?? "", names.get(row.challengedId) ?? ""));
    },
  };

  /** Declined by the challenged member or cancelled by the challenger; the other one hears of it. */
  async function close(member: PlayMember, challengeId: number, status: "declined" | "cancelled"): Promise<Result<null, ChallengeFailure>> {
    const actorColumn = status === "declined" ? challenges.challengedId : challenges.challengerId;
    return inTransaction(async (tx): Promise<Result<null, ChallengeFailure>> => {
      const [row] = await tx
        .update(challenges)
        .set({ status })
        .where(and(eq(challenges.id, challengeId), eq(actorColumn, member.id), eq(challenges.status, "open")))
        .returning();
      if (!row) return fail("challenge_gone");
      const otherId = status === "declined" ? row.challengerId : row.challengedId;
      await events.enqueue(tx, { type: status === "declined" ? "challenge.declined" : "challenge.cancelled", memberId: otherId, payload: { id: row.id, by: member.username } });
      if (status === "declined") await events.enqueue(tx, { type: "challenge.answered", memberId: member.id, payload: { id: row.id } });
      return ok(null);
    });
  }
}

/** Advisory-lock key space of challenge creation (the second key is the member id). */
const CHALLENGE_LOCK_SPACE = 9_001;

export type ChallengesService = ReturnType<typeof createChallengesService>;
