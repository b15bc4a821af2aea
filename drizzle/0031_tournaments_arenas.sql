CREATE TABLE "tournament_games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournament_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tournament_id" bigint NOT NULL,
	"game_id" bigint,
	"white_id" integer NOT NULL,
	"black_id" integer NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"result" varchar(7),
	"white_berserk" boolean DEFAULT false NOT NULL,
	"black_berserk" boolean DEFAULT false NOT NULL,
	"white_points" smallint,
	"black_points" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tournament_players" (
	"tournament_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"playing" boolean DEFAULT false NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"streak" smallint DEFAULT 0 NOT NULL,
	"berserks" smallint DEFAULT 0 NOT NULL,
	"rating" integer NOT NULL,
	"last_opponent_id" integer,
	"color_balance" smallint DEFAULT 0 NOT NULL,
	"sheet" varchar(600) DEFAULT '' NOT NULL,
	"rank" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_players_tournament_id_member_id_pk" PRIMARY KEY("tournament_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournaments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1),
	"url" varchar(80) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"created_by" integer,
	"programme_key" varchar(80),
	"rules" varchar(16) NOT NULL,
	"base_seconds" integer NOT NULL,
	"increment_seconds" integer NOT NULL,
	"rated" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"min_rating" smallint,
	"max_rating" smallint,
	"status" varchar(10) DEFAULT 'upcoming' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_games_game_unique" ON "tournament_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "tournament_games_tournament_idx" ON "tournament_games" USING btree ("tournament_id","status");--> statement-breakpoint
CREATE INDEX "tournament_games_pending_idx" ON "tournament_games" USING btree ("created_at") WHERE "tournament_games"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tournament_players_standing_idx" ON "tournament_players" USING btree ("tournament_id","score" DESC NULLS LAST,"rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournament_players_member_idx" ON "tournament_players" USING btree ("member_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_url_unique" ON "tournaments" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_programme_key_unique" ON "tournaments" USING btree ("programme_key");--> statement-breakpoint
CREATE INDEX "tournaments_status_starts_idx" ON "tournaments" USING btree ("status","starts_at");