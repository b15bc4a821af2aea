-- Username prefix search (LIKE 'abc%') can use a b-tree only in the "C"
-- collation; the database's default collation (en_US.UTF-8, C.UTF-8 on
-- PostgreSQL 15) hides the plain users_username_key_unique index from LIKE.
-- The queries compare and order username_key COLLATE "C" to match this index.
-- drizzle-kit cannot express a collation on an index column, hence by hand.
CREATE INDEX IF NOT EXISTS "users_username_key_c_idx" ON "users" ("username_key" COLLATE "C");
