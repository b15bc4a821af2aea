/**
 * Demo team matches (issue 25 item 9, decision 0072): open registrations
 * among the demo clubs, so the match page, the club events lists and the
 * seeks have something to show on a fresh start — a daily match between
 * Alice's Kingside Knights and Carla's Madrid Masters with a few members
 * signed up, and a live one between two other demo clubs. (Running and
 * finished matches come from playing: their games are play's.)
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { clubMembers, clubs } from "../../features/clubs/clubs.tables.server.ts";
import { teamMatches, teamMatchPlayers } from "../../features/team-matches/team-matches.tables.server.ts";

const HOUR_MS = 3_600_000;

async function membersOf(tx: Database, clubId: number, otherClubId: number, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), sql`not exists (select 1 from club_members m where m.club_id = ${otherClubId} and m.user_id = ${clubMembers.userId})`))
    .orderBy(asc(clubMembers.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

export async function seedDemoTeamMatches(tx: Database, options: { readonly now: Date }): Promise<number> {
  const [knights] = await tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.url, "kingside-knights"));
  const [madrid] = await tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.url, "madrid-masters"));
  const others = await tx
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(and(ne(clubs.url, "kingside-knights"), ne(clubs.url, "madrid-masters")))
    .orderBy(sql`${clubs.memberCount} desc`, asc(clubs.id))
    .limit(2);
  const pairs = [
    knights && madrid ? { a: knights, b: madrid, kind: "daily" as const, hours: 48 } : null,
    others[0] && others[1] ? { a: others[0], b: others[1], kind: "live" as const, hours: 6 } : null,
  ].filter((pair) => pair !== null);
  for (const pair of pairs) {
    const daily = pair.kind === "daily";
    const [match] = await tx
      .insert(teamMatches)
      .values({
        clubAId: pair.a.id,
        clubBId: pair.b.id,
        name: `${pair.a.name} vs ${pair.b.name}`.slice(0, 80),
        kind: pair.kind,
        rules: "standard",
        daysPerMove: daily ? 3 : null,
        baseSeconds: daily ? null : 600,
        incrementSeconds: daily ? null : 0,
        rated: true,
        maxBoards: 10,
        gamesPerBoard: daily ? 2 : 1,
        startsAt: new Date(options.now.getTime() + pair.hours * HOUR_MS),
        createdAt: new Date(options.now.getTime() - 24 * HOUR_MS),
      })
      .returning({ id: teamMatches.id });
    if (!match) continue;
    const sideA = await membersOf(tx, pair.a.id, pair.b.id, 4);
    const sideB = await membersOf(tx, pair.b.id, pair.a.id, 3);
    const players = [...sideA.map((memberId) => ({ memberId, clubId: pair.a.id })), ...sideB.map((memberId) => ({ memberId, clubId: pair.b.id }))];
    if (players.length > 0) await tx.insert(teamMatchPlayers).values(players.map((player, index) => ({ matchId: match.id, memberId: player.memberId, clubId: player.clubId, rating: 1200 + ((index * 137) % 600), joinedAt: new Date(options.now.getTime() - (20 - index) * HOUR_MS) })));
  }
  return pairs.length;
}
