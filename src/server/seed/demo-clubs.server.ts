/**
 * Demo clubs (issue 11): a few dozen clubs of every join policy, owned by demo
 * members, with members, admins and chat moderators, written in the seeding
 * transaction. alice owns an open club bob belongs to, carla an approval
 * club: the journeys people try first have something to show.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users } from "../../features/accounts/accounts.tables.server.ts";
import { isClosedLevel, levels } from "../../features/accounts/levels.ts";
import type { ClubJoinPolicy } from "../../features/clubs/clubs.constants.ts";
import { clubMembers, clubRoles, clubs } from "../../features/clubs/clubs.tables.server.ts";
import { Random } from "./demo-random.ts";

const CLUBS_SEED = 0x636c7562; // "club"
const SECONDS_PER_DAY = 86_400;

const themes = ["Knights", "Rooks", "Bishops", "Gambiteers", "Endgame Lab", "Blitz Hub", "Daily Correspondents", "Caro-Kann Fans", "Sicilian Dragons", "Puzzle Solvers", "Chess960 Explorers", "Opening Club", "Tactics Academy", "Weekend Warriors", "Coffeehouse"];
const places = [
  ["London", "GB"],
  ["Berlin", "DE"],
  ["Madrid", "ES"],
  ["Paris", "FR"],
  ["Amsterdam", "NL"],
  ["Warsaw", "PL"],
  ["Budapest", "HU"],
  ["Rome", "IT"],
  ["Kyiv", "UA"],
  ["Online", "XX"],
] as const;

interface DemoClub {
  readonly url: string;
  readonly name: string;
  readonly countryCode: string;
  readonly joinPolicy: ClubJoinPolicy;
  readonly description: string;
  readonly owner: number;
  readonly members: number[];
  readonly admins: number[];
  readonly chatModerators: number[];
  readonly createdAt: Date;
}

export async function seedDemoClubs(tx: Database, options: { readonly epoch: Date; readonly count?: number }): Promise<{ clubs: number; memberships: number }> {
  const rows = await tx
    .select({ id: users.id, username: users.username, level: users.membershipLevel })
    .from(users)
    .where(sql`${users.usernameKey} !~ '^bench_[0-9]+$'`)
    .orderBy(users.id);
  const people = rows.filter((row) => !isClosedLevel(row.level) && row.level !== levels.guest);
  const byName = new Map(rows.map((row) => [row.username, row.id]));
  const others = people.filter((row) => !["alice", "bob", "carla", "moderator", "staff"].includes(row.username)).map((row) => row.id);
  if (others.length < 10) return { clubs: 0, memberships: 0 };
  const random = new Random(CLUBS_SEED);
  const pick = (count: number, exclude: ReadonlySet<number>): number[] => {
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < count && tries < count * 5; tries++) {
      const id = others[random.int(others.length)];
      if (id !== undefined && !exclude.has(id)) chosen.add(id);
    }
    return [...chosen];
  };
  const daysBefore = (days: number) => new Date(options.epoch.getTime() - days * SECONDS_PER_DAY * 1000);
  const alice = byName.get("alice");
  const bob = byName.get("bob");
  const carla = byName.get("carla");

  const demo: DemoClub[] = [];
  if (alice !== undefined && bob !== undefined) {
    const members = pick(40, new Set([alice, bob]));
    demo.push({ url: "kingside-knights", name: "Kingside Knights", countryCode: "GB", joinPolicy: "open", description: "Alice's club for friendly blitz and long games. Everyone is welcome.", owner: alice, members: [bob, ...members], admins: members.slice(0, 2), chatModerators: members.slice(2, 3), createdAt: daysBefore(400) });
  }
  if (carla !== undefined) {
    const members = pick(25, new Set([carla]));
    demo.push({ url: "madrid-masters", name: "Madrid Masters", countryCode: "ES", joinPolicy: "approval", description: "Serious training with FM Carla Castillo. Ask to join and tell us your goals.", owner: carla, members, admins: members.slice(0, 1), chatModerators: [], createdAt: daysBefore(300) });
  }
  const total = options.count ?? 36;
  for (let index = 0; demo.length < total && index < total * 4; index++) {
    const theme = themes[index % themes.length] ?? "Club";
    // Every city meets every theme once before any pair repeats (15 themes x 10 places).
    const [city, countryCode] = places[(index + Math.floor(index / themes.length)) % places.length] ?? ["Online", "XX"];
    const owner = others[random.int(others.length)] ?? others[0] ?? 0;
    const size = random.chance(0.2) ? random.between(60, 150) : random.between(3, 40);
    const members = pick(size, new Set([owner]));
    const joinPolicy: ClubJoinPolicy = index % 5 === 3 ? "approval" : index % 7 === 5 ? "invite" : "open";
    const url = `${city}-${theme}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    if (demo.some((club) => club.url === url)) continue;
    demo.push({ url, name: `${city} ${theme}`, countryCode, joinPolicy, description: `The ${theme.toLowerCase()} of ${city}: games, a forum and a chat.`, owner, members, admins: members.slice(0, random.between(0, 2)), chatModerators: members.slice(2, 2 + random.between(0, 1)), createdAt: daysBefore(random.between(10, 900)) });
  }

  let memberships = 0;
  for (const club of demo) {
    const memberIds = [...new Set([club.owner, ...club.members])];
    const [row] = await tx
      .insert(clubs)
      .values({ url: club.url, name: club.name, description: club.description, countryCode: club.countryCode, joinPolicy: club.joinPolicy, memberCount: memberIds.length, createdAt: club.createdAt, lastActivityAt: daysBefore(random.between(0, 30)) })
      .returning({ id: clubs.id });
    if (!row) continue;
    await tx.insert(clubMembers).values(memberIds.map((userId, position) => ({ clubId: row.id, userId, joinedAt: new Date(club.createdAt.getTime() + position * 3_600_000) })));
    await tx.insert(clubRoles).values([
      { clubId: row.id, userId: club.owner, role: "owner" },
      ...club.admins.map((userId) => ({ clubId: row.id, userId, role: "admin" })),
      ...club.chatModerators.filter((userId) => !club.admins.includes(userId)).map((userId) => ({ clubId: row.id, userId, role: "chat_moderator" })),
    ]);
    memberships += memberIds.length;
  }
  return { clubs: demo.length, memberships };
}
