import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { createMemberDirectory } from "../accounts/member-directory.service.server.ts";
import { createPreferencesService } from "../accounts/preferences/preferences.service.server.ts";
import { createSocialServices, type Actor, type SocialAggregates } from "./social.service.server.ts";

/**
 * Checks and writes that must agree, and the counters kept with each change.
 * On PostgreSQL each of the two services has its own connection pool, so the
 * crossing calls truly run at the same moment on two connections.
 */
describe.each(databaseTargets())("social consistency on $name", (target) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;
  let one: SocialAggregates;
  let other: SocialAggregates;
  const actors = new Map<string, Actor>();
  const actor = (name: string): Actor => {
    const found = actors.get(name);
    if (!found) throw new Error(`no member ${name}`);
    return found;
  };

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    first = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await first.migrate();
    second = created.databaseUrl ? await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" }) : first;
    const names = Array.from({ length: 32 }, (_, index) => `member${index}`);
    const rows = await first.db
      .insert(users)
      .values(names.map((name) => ({ username: name, usernameKey: name })))
      .returning({ id: users.id, username: users.username, level: users.membershipLevel });
    for (const row of rows) actors.set(row.username, row);
    one = createSocialServices(first.db, { directory: createMemberDirectory(first.db), settings: createPreferencesService(first.db) });
    other = createSocialServices(second.db, { directory: createMemberDirectory(second.db), settings: createPreferencesService(second.db) });
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await drop?.();
  });

  const countOf = async (table: string, where: string) => Number((await queryRows(first.db, sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0]?.n);

  it("makes two members who ask each other at the same moment friends once, with no request left", async () => {
    for (let pair = 0; pair < 8; pair++) {
      const a = actor(`member${2 * pair}`);
      const b = actor(`member${2 * pair + 1}`);
      const [fromA, fromB] = await Promise.all([one.friendships.sendFriendRequest(a, b.username, false), other.friendships.sendFriendRequest(b, a.username, false)]);
      expect(fromA.ok && fromB.ok).toBe(true);
      const where = `(user_id = ${a.id} and friend_id = ${b.id}) or (user_id = ${b.id} and friend_id = ${a.id})`;
      expect(await countOf("friendships", where)).toBe(2);
      expect(await countOf("friend_requests", `(sender_id = ${a.id} and recipient_id = ${b.id}) or (sender_id = ${b.id} and recipient_id = ${a.id})`)).toBe(0);
      expect(await one.social.counts(a.id)).toMatchObject({ friends: 1 });
      expect(await one.social.counts(b.id)).toMatchObject({ friends: 1 });
    }
  });

  it("counts a follow once when it is sent twice at the same moment", async () => {
    const fan = actor("member16");
    const star = actor("member17");
    const results = await Promise.all([one.follows.track(fan, star.username), other.follows.track(fan, star.username)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ error: "already_tracking" });
    expect(await one.social.counts(star.id)).toEqual({ friends: 0, followers: 1, following: 0 });
    expect(await one.social.counts(fan.id)).toEqual({ friends: 0, followers: 0, following: 1 });
  });

  it("keeps the counters equal to the rows through follows, friendships, blocks and removals", async () => {
    const [a, b, c, d] = ["member18", "member19", "member20", "member21"].map(actor) as [Actor, Actor, Actor, Actor];
    await one.follows.track(a, b.username);
    await one.follows.track(c, b.username);
    await one.follows.track(b, a.username);
    await one.friendships.sendFriendRequest(a, c.username, false);
    await one.friendships.acceptFriendRequest(c, a.username);
    await one.friendships.sendFriendRequest(d, a.username, false);
    await one.friendships.acceptFriendRequest(a, d.username);
    // b blocks a: a's follow of b ends (b keeps following a).
    await one.quiets.block(b, a.username);
    await one.follows.untrack(c, b.username);
    await one.friendships.removeFriend(d, a.username);
    await Promise.all([one.follows.untrack(b, a.username), other.follows.untrack(b, a.username)]);

    const recount = await queryRows(
      first.db,
      sql`select u.id,
        (select count(*)::int from friendships f where f.user_id = u.id) as friends,
        (select count(*)::int from follows f where f.followed_id = u.id) as followers,
        (select count(*)::int from follows f where f.follower_id = u.id) as following
      from users u where u.id in (${a.id}, ${b.id}, ${c.id}, ${d.id}) order by u.id`,
    );
    for (const row of recount) {
      expect(await one.social.counts(Number(row.id))).toEqual({ friends: row.friends, followers: row.followers, following: row.following });
    }
    expect(await one.social.counts(a.id)).toEqual({ friends: 1, followers: 0, following: 0 });
  });

  it("suggests friends of friends first, then the most-followed members, never a blocked one", async () => {
    const [viewer, friend, friendOfFriend, popular, fanA, fanB, fanC] = ["member24", "member25", "member26", "member27", "member28", "member29", "member30"].map(actor) as [Actor, Actor, Actor, Actor, Actor, Actor, Actor];
    await one.friendships.sendFriendRequest(viewer, friend.username, false);
    await one.friendships.acceptFriendRequest(friend, viewer.username);
    await one.friendships.sendFriendRequest(friend, friendOfFriend.username, false);
    await one.friendships.acceptFriendRequest(friendOfFriend, friend.username);
    for (const fan of [fanA, fanB, fanC]) await one.follows.track(fan, popular.username);
    await one.follows.track(fanA, fanB.username);
    await one.follows.track(fanC, fanB.username);
    await one.quiets.block(viewer, fanB.username);

    const suggested = await one.follows.followSuggestions(viewer.id, 5);
    expect(suggested.slice(0, 2)).toEqual([friendOfFriend.username, popular.username]);
    expect(suggested).not.toContain(fanB.username);
    expect(suggested).not.toContain(viewer.username);
    await one.follows.track(viewer, popular.username);
    expect(await one.follows.followSuggestions(viewer.id, 5)).not.toContain(popular.username);
  });
});
