CREATE TABLE "team_match_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenger_club_id" integer NOT NULL,
	"opponent_club_id" integer NOT NULL,
	"created_by" integer,
	"name" varchar(80) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"rules" varchar(12) NOT NULL,
	"days_per_move" smallint,
	"base_seconds" integer,
	"increment_seconds" smallint,
	"rated" boolean NOT NULL,
	"max_boards" smallint NOT NULL,
	"games_per_board" smallint NOT NULL,
	"min_rating" smallint,
	"max_rating" smallint,
	"starts_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"match_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_match_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"board" smallint NOT NULL,
	"game_id" bigint,
	"player_a_id" integer,
	"player_b_id" integer,
	"rating_a" smallint,
	"rating_b" smallint,
	"a_white" boolean NOT NULL,
	"points_a2" smallint,
	"reason" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "team_match_players" (
	"match_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_match_players_match_id_member_id_pk" PRIMARY KEY("match_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "team_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_a_id" integer NOT NULL,
	"club_b_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"rules" varchar(12) NOT NULL,
	"days_per_move" smallint,
	"base_seconds" integer,
	"increment_seconds" smallint,
	"rated" boolean NOT NULL,
	"max_boards" smallint NOT NULL,
	"games_per_board" smallint NOT NULL,
	"min_rating" smallint,
	"max_rating" smallint,
	"starts_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'registration' NOT NULL,
	"score_a2" integer DEFAULT 0 NOT NULL,
	"score_b2" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_match_challenges" ADD CONSTRAINT "team_match_challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_challenges" ADD CONSTRAINT "team_match_challenges_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_games" ADD CONSTRAINT "team_match_games_match_id_team_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."team_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_games" ADD CONSTRAINT "team_match_games_player_a_id_users_id_fk" FOREIGN KEY ("player_a_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_games" ADD CONSTRAINT "team_match_games_player_b_id_users_id_fk" FOREIGN KEY ("player_b_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_players" ADD CONSTRAINT "team_match_players_match_id_team_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."team_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_players" ADD CONSTRAINT "team_match_players_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_match_challenges_challenger_idx" ON "team_match_challenges" USING btree ("challenger_club_id","status");--> statement-breakpoint
CREATE INDEX "team_match_challenges_opponent_idx" ON "team_match_challenges" USING btree ("opponent_club_id","status");--> statement-breakpoint
CREATE INDEX "team_match_games_match_idx" ON "team_match_games" USING btree ("match_id","board");--> statement-breakpoint
CREATE UNIQUE INDEX "team_match_games_game_idx" ON "team_match_games" USING btree ("game_id") WHERE "team_match_games"."game_id" is not null;--> statement-breakpoint
CREATE INDEX "team_match_players_member_idx" ON "team_match_players" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "team_matches_due_idx" ON "team_matches" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "team_matches_club_a_idx" ON "team_matches" USING btree ("club_a_id","status");--> statement-breakpoint
CREATE INDEX "team_matches_club_b_idx" ON "team_matches" USING btree ("club_b_id","status");