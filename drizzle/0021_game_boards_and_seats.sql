CREATE TABLE "game_boards" (
	"game_id" bigint NOT NULL,
	"board" smallint NOT NULL,
	"rules" varchar(16) NOT NULL,
	"initial_fen" text NOT NULL,
	"fen" text NOT NULL,
	"ply" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"white_clock_ms" integer,
	"black_clock_ms" integer,
	"white_lag_quota_ms" integer DEFAULT 0 NOT NULL,
	"black_lag_quota_ms" integer DEFAULT 0 NOT NULL,
	"turn_started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	CONSTRAINT "game_boards_game_id_board_pk" PRIMARY KEY("game_id","board"),
	CONSTRAINT "game_boards_beyond_first" CHECK ("game_boards"."board" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_seats" (
	"game_id" bigint NOT NULL,
	"seat" smallint NOT NULL,
	"member_id" integer NOT NULL,
	"board" smallint NOT NULL,
	"color" varchar(5) NOT NULL,
	"team" smallint NOT NULL,
	CONSTRAINT "game_seats_game_id_seat_pk" PRIMARY KEY("game_id","seat")
);
--> statement-breakpoint
ALTER TABLE "game_moves" DROP CONSTRAINT "game_moves_game_id_ply_pk";--> statement-breakpoint
ALTER TABLE "game_moves" ADD COLUMN "board" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_moves" ADD CONSTRAINT "game_moves_game_id_ply_board_pk" PRIMARY KEY("game_id","ply","board");--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "board_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_boards" ADD CONSTRAINT "game_boards_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_seats_member_idx" ON "game_seats" USING btree ("member_id","game_id");--> statement-breakpoint
-- Every existing game is one board (board 0, on its row) and two seats: white for team 0, black for team 1.
INSERT INTO "game_seats" ("game_id", "seat", "member_id", "board", "color", "team")
SELECT "id", 0, "white_id", 0, 'white', 0 FROM "games"
UNION ALL
SELECT "id", 1, "black_id", 0, 'black', 1 FROM "games";--> statement-breakpoint
-- Board 0 has changed once per move so far.
UPDATE "games" SET "board_version" = "ply";
