-- Fills social_counts from the rows that existed before the counters did; from
-- here on the social service keeps them in the transaction of each change.
INSERT INTO "social_counts" ("user_id", "friends", "followers", "following")
SELECT u."id",
  (SELECT count(*) FROM "friendships" f WHERE f."user_id" = u."id"),
  (SELECT count(*) FROM "follows" f WHERE f."followed_id" = u."id"),
  (SELECT count(*) FROM "follows" f WHERE f."follower_id" = u."id")
FROM "users" u
WHERE EXISTS (SELECT 1 FROM "friendships" f WHERE f."user_id" = u."id")
   OR EXISTS (SELECT 1 FROM "follows" f WHERE f."followed_id" = u."id" OR f."follower_id" = u."id")
ON CONFLICT ("user_id") DO NOTHING;
