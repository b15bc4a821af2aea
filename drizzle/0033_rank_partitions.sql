-- Decision 0071: the rank table is partitioned by rating type, so that a rebuild can fill a fresh table and swap it in as its type's partition instead of deleting and re-inserting a million index entries. The ranks are derived: the table is recreated empty and every type is marked due, so the next read or job run rebuilds it.
DROP TABLE "rating_ranks";--> statement-breakpoint
CREATE TABLE "rating_ranks" (
	"rating_type" varchar(12) NOT NULL,
	"rank" integer NOT NULL,
	"member_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"games" integer NOT NULL,
	"wins" integer NOT NULL,
	"draws" integer NOT NULL,
	"losses" integer NOT NULL,
	"country" varchar(2),
	CONSTRAINT "rating_ranks_rating_type_rank_pk" PRIMARY KEY("rating_type","rank")
) PARTITION BY LIST ("rating_type");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_ranks_member_idx" ON "rating_ranks" USING btree ("rating_type","member_id");--> statement-breakpoint
CREATE INDEX "rating_ranks_country_idx" ON "rating_ranks" USING btree ("rating_type","country","rank");--> statement-breakpoint
UPDATE "leaderboard_rank_builds" SET "built_at" = NULL;
