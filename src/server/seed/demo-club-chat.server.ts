/**
 * Demo chat history for the demo clubs (issue 11 item 6): a dozen or so lines
 * per club from its own members, spread over the days before the demo epoch.
 * Runs after the clubs are seeded (it reads them); does nothing when there are
 * no clubs, and leaves alone a club that already has lines. Deterministic (seeded PRNG).
 */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { clubChatLines } from "../../features/clubs/chat/club-chat.tables.server.ts";
import { clubMembers, clubs } from "../../features/clubs/clubs.tables.server.ts";
import { Random } from "./demo-random.ts";

const CLUBS_WITH_CHAT = 40;
const MEMBERS_TALKING = 8;

export const demoLines = [
  "Hi everyone, glad to be here!",
  "Anyone up for a 5+3 blitz game tonight?",
  "That endgame yesterday was brutal. Rook endings are always drawn, they said…",
  "Reminder: club blitz night on Friday, be there!",
  "Can someone recommend a good book on the Caro-Kann?",
  "GG to everyone in last night's blitz games 👏",
  "I finally broke 1600 in rapid!",
  "Who else is studying the Najdorf? Let's share lines.",
  "That position in the forum was tricky: knight sacrifice on f7.",
  "Welcome to the new members!",
  "Please keep the chat friendly, thanks all.",
  "Does anyone play correspondence? Looking for daily games.",
  "Just watched a great game between two of our members.",
  "London System again? Come on 😄",
  "Good luck in your games this weekend!",
  "Is there a club training session next week?",
] as const;

export async function seedDemoClubChat(tx: Database, options: { readonly epoch: Date }): Promise<{ lines: number }> {
  const clubRows = await tx.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(CLUBS_WITH_CHAT);
  if (clubRows.length === 0) return { lines: 0 };
  // Clubs that already talk keep their history (the seed may run again).
  const talking = await tx.selectDistinct({ clubId: clubChatLines.clubId }).from(clubChatLines).where(inArray(clubChatLines.clubId, clubRows.map((row) => row.id)));
  const skip = new Set(talking.map((row) => row.clubId));
  const clubIds = clubRows.map((row) => row.id).filter((id) => !skip.has(id));
  if (clubIds.length === 0) return { lines: 0 };
  const memberRows = await tx.select({ clubId: clubMembers.clubId, userId: clubMembers.userId }).from(clubMembers).where(inArray(clubMembers.clubId, clubIds)).orderBy(asc(clubMembers.clubId), asc(clubMembers.userId));
  const membersByClub = new Map<number, number[]>();
  for (const row of memberRows) {
    const list = membersByClub.get(row.clubId) ?? [];
    if (list.length < MEMBERS_TALKING) list.push(row.userId);
    membersByClub.set(row.clubId, list);
  }
  const random = new Random(0x0c1ab);
  const rows: Array<typeof clubChatLines.$inferInsert> = [];
  for (const clubId of clubIds) {
    const talkers = membersByClub.get(clubId) ?? [];
    if (talkers.length === 0) continue;
    const count = 8 + random.int(10);
    // Oldest first, a few minutes to a few hours apart, ending shortly before the epoch.
    let at = options.epoch.getTime() - (1 + random.int(10)) * 86_400_000;
    for (let index = 0; index < count; index += 1) {
      at += (2 + random.int(180)) * 60_000;
      rows.push({ clubId, authorId: random.pick(talkers), text: random.pick(demoLines), createdAt: new Date(at) });
    }
  }
  for (let start = 0; start < rows.length; start += 500) await tx.insert(clubChatLines).values(rows.slice(start, start + 500));
  return { lines: rows.length };
}
