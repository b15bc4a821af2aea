CREATE TABLE "home_feed_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"subject" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_feed_entries" ADD CONSTRAINT "home_feed_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_feed_entries_event_actor_idx" ON "home_feed_entries" USING btree ("event_id","actor_id");--> statement-breakpoint
CREATE INDEX "home_feed_entries_actor_idx" ON "home_feed_entries" USING btree ("actor_id","id");