/**
 * Challenges between clubs (issue 25 item 1, decision 0072): a club's owner
 * or admins propose a team match with its terms; the other club's owner or
 * admins accept it (naming their club as the opponent group) or decline it;
 * the sender's side deletes it while it is pending. Accepting makes the match.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import type { ClubAccess, ClubRef } from "../clubs/club-access.service.server.ts";
import { mayActForClub, type TeamMatchActor } from "./team-matches.policy.ts";
import type { ChallengeInput, ChallengeStatus, ChallengeView, TeamMatchClubView } from "./team-matches.schema.ts";
import { teamMatchChallenges, teamMatches } from "./team-matches.tables.server.ts";
import { termsColumnsOf, termsOfChallenge, termsViewOf } from "./team-match-terms.server.ts";

export type ChallengeFailure = "club_not_found" | "challenge_not_found" | "same_club" | "not_club_admin" | "wrong_opponent_group" | "challenge_not_pending" | "challenge_expired";

type ChallengeRow = typeof teamMatchChallenges.$inferSelect;

const statusOf = (value: string): ChallengeStatus => (value === "accepted" || value === "declined" || value === "deleted" ? value : "pending");
export const clubViewOf = (club: ClubRef | undefined, id: number): TeamMatchClubView => ({ id, url: club?.url ?? String(id), name: club?.name ?? "" });

export function createTeamMatchChallengesService(db: Database, deps: { readonly clubs: ClubAccess; readonly now: () => number }) {
  const { clubs, now } = deps;

  async function present(rows: readonly ChallengeRow[], viewerId: number | null): Promise<ChallengeView[]> {
    const clubIds = rows.flatMap((row) => [row.challengerClubId, row.opponentClubId]);
    const refs = await clubs.clubsByIds(clubIds);
    const runs = new Map<number, boolean>();
    for (const id of new Set(clubIds)) runs.set(id, viewerId !== null && mayActForClub(await clubs.standingOf(id, viewerId)));
    return rows.map((row) => {
      const pending = statusOf(row.status) === "pending";
      return {
        id: row.id,
        name: row.name,
        challenger: clubViewOf(refs.get(row.challengerClubId), row.challengerClubId),
        opponent: clubViewOf(refs.get(row.opponentClubId), row.opponentClubId),
        terms: termsViewOf(row),
        status: statusOf(row.status),
        matchId: row.matchId,
        createdAt: row.createdAt.toISOString(),
        canAnswer: pending && (runs.get(row.opponentClubId) ?? false),
        canDelete: pending && (runs.get(row.challengerClubId) ?? false),
      };
    });
  }

  /** A pending challenge the actor may act on from the given side, or why not. */
  async function pendingFor(actor: TeamMatchActor, challengeId: number, side: "challenger" | "opponent"): Promise<Result<ChallengeRow, ChallengeFailure>> {
    const [row] = await db.select().from(teamMatchChallenges).where(eq(teamMatchChallenges.id, challengeId));
    if (!row) return fail("challenge_not_found");
    const clubId = side === "challenger" ? row.challengerClubId : row.opponentClubId;
    if (!mayActForClub(await clubs.standingOf(clubId, actor.id))) return fail("not_club_admin");
    if (row.status !== "pending") return fail("challenge_not_pending");
    return ok(row);
  }

  /** Ends a pending challenge (declined or deleted) once: a second answer finds it no longer pending. */
  async function close(actor: TeamMatchActor, challengeId: number, side: "challenger" | "opponent", status: "declined" | "deleted"): Promise<Result<{ id: number; status: ChallengeStatus }, ChallengeFailure>> {
    const found = await pendingFor(actor, challengeId, side);
    if (!found.ok) return found;
    const [closed] = await db
      .update(teamMatchChallenges)
      .set({ status, decidedBy: actor.id, decidedAt: new Date(now()) })
      .where(and(eq(teamMatchChallenges.id, challengeId), eq(teamMatchChallenges.status, "pending")))
      .returning({ id: teamMatchChallenges.id });
    return closed ? ok({ id: closed.id, status }) : fail("challenge_not_pending");
  }

  return {
    /** Sends a challenge from a club the actor runs to another club. */
    async propose(actor: TeamMatchActor, challengerClubId: number, input: ChallengeInput): Promise<Result<ChallengeView, ChallengeFailure>> {
      const refs = await clubs.clubsByIds([challengerClubId, input.opponentClubId]);
      const challenger = refs.get(challengerClubId);
      const opponent = refs.get(input.opponentClubId);
      if (!challenger || !opponent) return fail("club_not_found");
      if (!mayActForClub(await clubs.standingOf(challenger.id, actor.id))) return fail("not_club_admin");
      if (challenger.id === opponent.id) return fail("same_club");
      const name = input.name && input.name.length > 0 ? input.name : `${challenger.name} vs ${opponent.name}`.slice(0, 80);
      const [row] = await db
        .insert(teamMatchChallenges)
        .values({ challengerClubId: challenger.id, opponentClubId: opponent.id, createdBy: actor.id, name, ...termsColumnsOf(input, now()) })
        .returning();
      if (!row) throw new Error("challenge not written");
      const [view] = await present([row], actor.id);
      if (!view) throw new Error("challenge not presented");
      return ok(view);
    },

    /** Accepts for the opponent club (the spec's opponent group): makes the match, in the same commit. */
    async accept(actor: TeamMatchActor, challengeId: number, opponentGroup: number): Promise<Result<{ id: number; matchId: number }, ChallengeFailure>> {
      const found = await pendingFor(actor, challengeId, "opponent");
      if (!found.ok) return found;
      const challenge = found.value;
      if (opponentGroup !== challenge.opponentClubId) return fail("wrong_opponent_group");
      if (challenge.startsAt.getTime() <= now()) return fail("challenge_expired");
      return db.transaction(async (tx): Promise<Result<{ id: number; matchId: number }, ChallengeFailure>> => {
        const [claimed] = await tx
          .update(teamMatchChallenges)
          .set({ status: "accepted", decidedBy: actor.id, decidedAt: new Date(now()) })
          .where(and(eq(teamMatchChallenges.id, challengeId), eq(teamMatchChallenges.status, "pending")))
          .returning();
        if (!claimed) return fail("challenge_not_pending");
        const [match] = await tx
          .insert(teamMatches)
          .values({ clubAId: claimed.challengerClubId, clubBId: claimed.opponentClubId, name: claimed.name, ...termsOfChallenge(claimed) })
          .returning({ id: teamMatches.id });
        if (!match) throw new Error("match not written");
        await tx.update(teamMatchChallenges).set({ matchId: match.id }).where(eq(teamMatchChallenges.id, challengeId));
        return ok({ id: challengeId, matchId: match.id });
      });
    },

    decline: (actor: TeamMatchActor, challengeId: number) => close(actor, challengeId, "opponent", "declined"),
    delete: (actor: TeamMatchActor, challengeId: number) => close(actor, challengeId, "challenger", "deleted"),

    /** The pending challenges sent or received by these clubs, newest first. */
    async pendingOfClubs(clubIds: readonly number[], viewerId: number | null, limit = 50): Promise<ChallengeView[]> {
      if (clubIds.length === 0) return [];
      const ids = [...clubIds];
      const rows = await db
        .select()
        .from(teamMatchChallenges)
        .where(and(eq(teamMatchChallenges.status, "pending"), or(inArray(teamMatchChallenges.challengerClubId, ids), inArray(teamMatchChallenges.opponentClubId, ids))))
        .orderBy(desc(teamMatchChallenges.createdAt), desc(teamMatchChallenges.id))
        .limit(limit);
      return present(rows, viewerId);
    },
  };
}

export type TeamMatchChallengesService = ReturnType<typeof createTeamMatchChallengesService>;
