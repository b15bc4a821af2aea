import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../platform/db/client.server.ts";

/**
 * A social graph over the bench_<n> members, for benchmarks and query-plan
 * tests, in set-based statements: each member follows one of the 1,000 first
 * bench members and one other at random (so follower counts are skewed, as on
 * a real site), and members pair off as friends. The counters are then
 * recounted from the rows. Deterministic (hashes of the member id). Returns
 * how many follows and friendship rows exist afterwards.
 */
export async function seedBenchSocialGraph(db: Database): Promise<{ follows: number; friendships: number }> {
  await db.execute(sql`
    WITH bench AS (SELECT min(id) AS first, count(*) AS total FROM users WHERE username_key LIKE 'bench\\_%'),
    members AS (SELECT u.id, b.first, b.total FROM users u CROSS JOIN bench b WHERE u.username_key LIKE 'bench\\_%'),
    targets AS (
      SELECT id, first + (hashint8extended(id, 5) & 2147483647) % least(1000, total) AS target FROM members
      UNION ALL
      SELECT id, first + (hashint8extended(id, 6) & 2147483647) % total FROM members
    )
    INSERT INTO follows (follower_id, followed_id)
    SELECT t.id, t.target FROM targets t WHERE t.target <> t.id AND EXISTS (SELECT 1 FROM users u WHERE u.id = t.target)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH bench AS (SELECT min(id) AS first FROM users WHERE username_key LIKE 'bench\\_%'),
    pairs AS (
      SELECT u.id AS a, u.id + 1 AS b FROM users u CROSS JOIN bench
      WHERE u.username_key LIKE 'bench\\_%' AND (u.id - bench.first) % 2 = 0 AND EXISTS (SELECT 1 FROM users v WHERE v.id = u.id + 1)
    )
    INSERT INTO friendships (user_id, friend_id)
    SELECT a, b FROM pairs UNION ALL SELECT b, a FROM pairs
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO social_counts (user_id, friends, followers, following)
    SELECT id, sum(friends), sum(followers), sum(following) FROM (
      SELECT user_id AS id, count(*) AS friends, 0 AS followers, 0 AS following FROM friendships GROUP BY user_id
      UNION ALL SELECT followed_id, 0, count(*), 0 FROM follows GROUP BY followed_id
      UNION ALL SELECT follower_id, 0, 0, count(*) FROM follows GROUP BY follower_id
    ) parts GROUP BY id
    ON CONFLICT (user_id) DO UPDATE SET friends = excluded.friends, followers = excluded.followers, following = excluded.following`);
  for (const table of ["follows", "friendships", "social_counts"]) await db.execute(sql.raw(`ANALYZE ${table}`));
  const [row] = await queryRows(db, sql`SELECT (SELECT count(*) FROM follows)::int AS follows, (SELECT count(*) FROM friendships)::int AS friendships`);
  return { follows: Number(row?.follows ?? 0), friendships: Number(row?.friendships ?? 0) };
}
