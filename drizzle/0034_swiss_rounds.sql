ALTER TABLE "tournament_games" ADD COLUMN "round" smallint;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "rounds" smallint;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "current_round" smallint DEFAULT 0 NOT NULL;