CREATE INDEX "game_chat_author_idx" ON "game_chat" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "games_playing_white_idx" ON "games" USING btree ("white_id") WHERE "games"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "games_playing_black_idx" ON "games" USING btree ("black_id") WHERE "games"."status" = 'playing';