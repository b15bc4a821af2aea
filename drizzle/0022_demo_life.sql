CREATE TABLE "demo_actors" (
	"member_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_live_games" (
	"game_id" bigint PRIMARY KEY NOT NULL,
	"line" integer NOT NULL,
	"white_id" integer NOT NULL,
	"black_id" integer NOT NULL,
	"next_ply" smallint DEFAULT 0 NOT NULL,
	"next_move_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_actors" ADD CONSTRAINT "demo_actors_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_live_games" ADD CONSTRAINT "demo_live_games_white_id_users_id_fk" FOREIGN KEY ("white_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_live_games" ADD CONSTRAINT "demo_live_games_black_id_users_id_fk" FOREIGN KEY ("black_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_live_games_next_idx" ON "demo_live_games" USING btree ("next_move_at");