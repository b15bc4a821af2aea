CREATE TABLE "leaderboard_exclusions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"reason" varchar(16) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_exclusions" ADD CONSTRAINT "leaderboard_exclusions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;