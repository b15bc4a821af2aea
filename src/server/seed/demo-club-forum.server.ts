/**
 * Demo notes and forum topics for the demo clubs: for every club already
 * seeded, a note or two from its owner or admins and a few topics with
 * replies from its members, written in Markdown (some mention members) and
 * rendered as the forum renders them. Deterministic; does nothing for a club
 * that already has topics. Runs after the clubs are seeded.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users } from "../../features/accounts/accounts.tables.server.ts";
import { clubMembers, clubRoles, clubs } from "../../features/clubs/clubs.tables.server.ts";
import { renderClubText } from "../../features/clubs/forum/club-markdown.server.ts";
import { clubForumPosts, clubForumTopics } from "../../features/clubs/forum/club-forum.tables.server.ts";
import { clubNotes } from "../../features/clubs/notes/club-notes.tables.server.ts";
import { Random } from "./demo-random.ts";

/** Topic titles and notes talk about what clubs can do today (casual games, the forum, analysis): no feature the site has not built (decision 0043). */
export const topicTitles = [
  "Welcome! Introduce yourself",
  "Casual game night: who is in?",
  "Favourite opening against 1.e4?",
  "Position of the week thread",
  "Endgame study group: rook endings",
  "Which move now? Post your analysis",
  "Friday blitz games between members",
  "Book recommendations for improving players",
  "Analysis of my last daily game",
  "Favourite time controls for daily games",
];

export const openings = [
  "Hi everyone! Let's use this thread for **{title}**.",
  "Starting this so we can keep things in one place. *Please* stay on topic.",
  "Quick question for the club:\n\n- what do you play?\n- why?\n\nShare your thoughts below.",
  "I put together some notes. The key idea is `1.e4 e5 2.Nf3 Nc6 3.Bb5` and then castle early.",
];

export const replies = [
  "Great idea, count me in!",
  "I usually go for the **Caro-Kann**, solid and fun.",
  "Thanks @{mention}, that was helpful.",
  "Can we move it to Saturday? Friday is hard for me.",
  "> the key idea is to castle early\n\nAgreed, king safety first.",
  "Here is a good read: [lichess practice](https://lichess.org/practice)",
  "I'll be there.",
  "Nice find! I missed that in my game too.",
  "Rook behind the passed pawn, always.",
  "+1, @{mention} explained it well in the last meeting.",
];

export const notes = [
  "Welcome to the club! Please read the forum rules and be kind.",
  "**Blitz night** on Sunday: challenge a club mate to a casual game.",
  "New members: say hello in the *Introduce yourself* topic.",
  "Post your best game in the forum: we look at one together each week.",
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoClubForum(db: Database, options: { readonly epoch: Date; readonly maxClubs?: number } = { epoch: new Date() }): Promise<{ topics: number; posts: number; notes: number }> {
  const random = new Random(20261125);
  const clubRows = await db.select({ id: clubs.id, createdAt: clubs.createdAt }).from(clubs).orderBy(asc(clubs.id)).limit(options.maxClubs ?? 200);
  let topicCount = 0;
  let postCount = 0;
  let noteCount = 0;
  for (const club of clubRows) {
    const [already] = await db.select({ id: clubForumTopics.id }).from(clubForumTopics).where(eq(clubForumTopics.clubId, club.id)).limit(1);
    if (already) continue;
    const members = (await db.select({ userId: clubMembers.userId }).from(clubMembers).where(eq(clubMembers.clubId, club.id)).orderBy(asc(clubMembers.userId)).limit(40)).map((row) => row.userId);
    const runners = (await db.select({ userId: clubRoles.userId }).from(clubRoles).where(and(eq(clubRoles.clubId, club.id), inArray(clubRoles.role, ["owner", "admin"])))).map((row) => row.userId);
    if (members.length === 0 || runners.length === 0) continue;
    const names = new Map((await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, members))).map((row) => [row.id, row.username]));
    const start = Math.max(club.createdAt.getTime(), options.epoch.getTime() - 120 * DAY_MS);
    const span = Math.max(DAY_MS, options.epoch.getTime() - start);
    const at = () => new Date(start + random.int(span));

    for (let n = random.between(1, 2); n > 0; n -= 1) {
      const text = random.pick(notes);
      await db.insert(clubNotes).values({ clubId: club.id, authorId: random.pick(runners), bodySource: text, bodyHtml: renderClubText(text).html, createdAt: at() });
      noteCount += 1;
    }

    const topics = random.between(2, 5);
    for (let t = 0; t < topics; t += 1) {
      const title = topicTitles[(club.id + t) % topicTitles.length] ?? "Club chat";
      const author = random.pick(members);
      let moment = at();
      const opening = random.pick(openings).replace("{title}", title);
      const [topic] = await db.insert(clubForumTopics).values({ clubId: club.id, authorId: author, title, pinned: t === 0, createdAt: moment, lastPostAt: moment, lastPosterId: author }).returning({ id: clubForumTopics.id });
      if (!topic) continue;
      const [first] = await db.insert(clubForumPosts).values({ topicId: topic.id, clubId: club.id, authorId: author, opening: true, bodySource: opening, bodyHtml: renderClubText(opening).html, createdAt: moment }).returning({ id: clubForumPosts.id });
      let lastId = first?.id ?? 0;
      let lastPoster = author;
      const replyCount = random.between(0, 7);
      for (let r = 0; r < replyCount; r += 1) {
        moment = new Date(Math.min(options.epoch.getTime(), moment.getTime() + random.between(10, 3000) * 60_000));
        const poster = random.pick(members);
        const text = random.pick(replies).replace("{mention}", names.get(author) ?? "someone");
        const [post] = await db.insert(clubForumPosts).values({ topicId: topic.id, clubId: club.id, authorId: poster, bodySource: text, bodyHtml: renderClubText(text).html, createdAt: moment }).returning({ id: clubForumPosts.id });
        lastId = post?.id ?? lastId;
        lastPoster = poster;
      }
      await db.update(clubForumTopics).set({ lastPostId: lastId, lastPostAt: moment, lastPosterId: lastPoster, replyCount: sql`${replyCount}` }).where(eq(clubForumTopics.id, topic.id));
      topicCount += 1;
      postCount += replyCount + 1;
    }
  }
  return { topics: topicCount, posts: postCount, notes: noteCount };
}
