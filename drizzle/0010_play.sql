CREATE TABLE "challenges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"challenger_id" integer NOT NULL,
	"challenged_id" integer NOT NULL,
	"rules" varchar(16) NOT NULL,
	"speed" varchar(8) NOT NULL,
	"base_seconds" integer,
	"increment_seconds" integer,
	"days_per_move" smallint,
	"rated" boolean NOT NULL,
	"color" varchar(6) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"game_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "challenges_distinct_players" CHECK ("challenges"."challenger_id" <> "challenges"."challenged_id")
);
--> statement-breakpoint
CREATE TABLE "game_chat" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_chat_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"channel" varchar(10) NOT NULL,
	"author_id" integer NOT NULL,
	"text" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_moves" (
	"game_id" bigint NOT NULL,
	"ply" smallint NOT NULL,
	"uci" varchar(8) NOT NULL,
	"san" varchar(12) NOT NULL,
	"clock_ms" integer,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_moves_game_id_ply_pk" PRIMARY KEY("game_id","ply")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1),
	"rules" varchar(16) NOT NULL,
	"speed" varchar(8) NOT NULL,
	"rating_type" varchar(12) NOT NULL,
	"rated" boolean NOT NULL,
	"base_seconds" integer,
	"increment_seconds" integer,
	"days_per_move" smallint,
	"white_id" integer NOT NULL,
	"black_id" integer NOT NULL,
	"initial_fen" text NOT NULL,
	"fen" text NOT NULL,
	"ply" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'playing' NOT NULL,
	"result" varchar(7),
	"termination" varchar(24),
	"white_clock_ms" integer,
	"black_clock_ms" integer,
	"white_lag_quota_ms" integer DEFAULT 0 NOT NULL,
	"black_lag_quota_ms" integer DEFAULT 0 NOT NULL,
	"turn_started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"draw_offer_by" varchar(5),
	"rematch_offer_by" varchar(5),
	"rematch_of_id" bigint,
	"rematch_game_id" bigint,
	"white_rating" integer,
	"black_rating" integer,
	"white_rating_diff" integer,
	"black_rating_diff" integer,
	"variant_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "games_distinct_players" CHECK ("games"."white_id" <> "games"."black_id")
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"member_id" integer NOT NULL,
	"rating_type" varchar(12) NOT NULL,
	"game_id" bigint NOT NULL,
	"rating" integer NOT NULL,
	"deviation" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_history_member_id_rating_type_game_id_pk" PRIMARY KEY("member_id","rating_type","game_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"member_id" integer NOT NULL,
	"rating_type" varchar(12) NOT NULL,
	"rating" real NOT NULL,
	"deviation" real NOT NULL,
	"volatility" real NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"best" integer,
	"best_game_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_member_id_rating_type_pk" PRIMARY KEY("member_id","rating_type")
);
--> statement-breakpoint
CREATE TABLE "seeks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"rules" varchar(16) NOT NULL,
	"speed" varchar(8) NOT NULL,
	"base_seconds" integer,
	"increment_seconds" integer,
	"days_per_move" smallint,
	"rated" boolean NOT NULL,
	"color" varchar(6) NOT NULL,
	"rating" integer NOT NULL,
	"rating_min" integer,
	"rating_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenged_id_users_id_fk" FOREIGN KEY ("challenged_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_chat" ADD CONSTRAINT "game_chat_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_chat" ADD CONSTRAINT "game_chat_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_moves" ADD CONSTRAINT "game_moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_white_id_users_id_fk" FOREIGN KEY ("white_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_black_id_users_id_fk" FOREIGN KEY ("black_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_challenged_open_idx" ON "challenges" USING btree ("challenged_id") WHERE "challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "challenges_challenger_open_idx" ON "challenges" USING btree ("challenger_id") WHERE "challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "game_chat_game_idx" ON "game_chat" USING btree ("game_id","channel","id");--> statement-breakpoint
CREATE INDEX "games_deadline_idx" ON "games" USING btree ("deadline_at") WHERE "games"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "games_white_idx" ON "games" USING btree ("white_id","created_at");--> statement-breakpoint
CREATE INDEX "games_black_idx" ON "games" USING btree ("black_id","created_at");--> statement-breakpoint
CREATE INDEX "games_playing_idx" ON "games" USING btree ("speed","created_at") WHERE "games"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "rating_history_member_at_idx" ON "rating_history" USING btree ("member_id","rating_type","at");--> statement-breakpoint
CREATE INDEX "ratings_type_rating_idx" ON "ratings" USING btree ("rating_type","rating");--> statement-breakpoint
CREATE INDEX "seeks_member_idx" ON "seeks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "seeks_expires_idx" ON "seeks" USING btree ("expires_at");