import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userFacts } from "../../features/accounts/staff/member-facts.test-support.ts";
import { createTestClub } from "../../features/clubs/club-fixture.server.ts";
import { clubForumPosts, clubForumTopics } from "../../features/clubs/forum/club-forum.tables.server.ts";
import { clubNotes } from "../../features/clubs/notes/club-notes.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite } from "../../test/start-app.ts";
import { demoEpochAt } from "./demo-data.server.ts";
import { seedDemoClubForum } from "./demo-club-forum.server.ts";

const demoEpoch = demoEpochAt(new Date("2026-11-01T12:00:00Z"));

describe.each(databaseTargets().slice(0, 1))("demo club notes and forum on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;

  it("gives every club notes and topics whose counts and last posts match their posts, once", async () => {
    const ids = await Promise.all(["alice", "bob", "carla"].map(async (name) => (await userFacts(db(), name)).id));
    const club = await createTestClub(db(), { owner: ids[0] ?? 0, admins: [ids[1] ?? 0], members: [ids[2] ?? 0] });
    const seeded = await seedDemoClubForum(db(), { epoch: demoEpoch });
    expect(seeded.topics).toBeGreaterThanOrEqual(2);
    expect(seeded.notes).toBeGreaterThanOrEqual(1);
    const topics = await db().select().from(clubForumTopics).where(eq(clubForumTopics.clubId, club.id));
    expect(topics.filter((topic) => topic.pinned)).toHaveLength(1);
    for (const topic of topics) {
      const posts = await db().select({ id: clubForumPosts.id, opening: clubForumPosts.opening, html: clubForumPosts.bodyHtml }).from(clubForumPosts).where(eq(clubForumPosts.topicId, topic.id)).orderBy(clubForumPosts.id);
      expect(posts.filter((post) => post.opening)).toHaveLength(1);
      expect(topic.replyCount).toBe(posts.length - 1);
      expect(topic.lastPostId).toBe(posts.at(-1)?.id);
      for (const post of posts) expect(post.html).not.toContain("<script");
    }
    expect((await db().select({ n: count() }).from(clubNotes).where(eq(clubNotes.clubId, club.id)))[0]?.n).toBe(seeded.notes);
    // Again: nothing more for a club that has topics.
    expect((await seedDemoClubForum(db(), { epoch: demoEpoch })).topics).toBe(0);
  });
});
