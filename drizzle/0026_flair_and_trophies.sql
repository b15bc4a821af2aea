CREATE TABLE "member_trophies" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"trophy_id" smallint NOT NULL,
	"awarder_id" integer,
	"message" varchar(400),
	"game_id" bigint,
	"is_live_game" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"by_site" boolean DEFAULT false NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trophy_counted_events" (
	"event_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trophy_counted_events_event_id_member_id_pk" PRIMARY KEY("event_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "trophy_win_streaks" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "flair_status" varchar(8) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_trophies" ADD CONSTRAINT "member_trophies_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_trophies" ADD CONSTRAINT "member_trophies_awarder_id_users_id_fk" FOREIGN KEY ("awarder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trophy_win_streaks" ADD CONSTRAINT "trophy_win_streaks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_trophies_recipient_idx" ON "member_trophies" USING btree ("recipient_id","featured","awarded_at");--> statement-breakpoint
CREATE INDEX "member_trophies_awarder_idx" ON "member_trophies" USING btree ("awarder_id","awarded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_trophies_achievement_once" ON "member_trophies" USING btree ("recipient_id","trophy_id") WHERE "member_trophies"."by_site";