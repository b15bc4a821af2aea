CREATE TABLE "leaderboard_rank_builds" (
	"rating_type" varchar(12) PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rating_rank_snapshot_days" (
	"rating_type" varchar(12) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "rating_rank_snapshot_days_rating_type_day_pk" PRIMARY KEY("rating_type","day")
);
--> statement-breakpoint
CREATE TABLE "rating_rank_snapshots" (
	"rating_type" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"rating" integer NOT NULL,
	CONSTRAINT "rating_rank_snapshots_rating_type_day_member_id_pk" PRIMARY KEY("rating_type","day","member_id")
);
--> statement-breakpoint
CREATE TABLE "rating_ranks" (
	"rating_type" varchar(12) NOT NULL,
	"rank" integer NOT NULL,
	"member_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"games" integer NOT NULL,
	"wins" integer NOT NULL,
	"draws" integer NOT NULL,
	"losses" integer NOT NULL,
	CONSTRAINT "rating_ranks_rating_type_rank_pk" PRIMARY KEY("rating_type","rank")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rating_ranks_member_idx" ON "rating_ranks" USING btree ("rating_type","member_id");