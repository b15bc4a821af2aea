CREATE TABLE "play_vacations" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance_ms" bigint NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	"on_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "play_vacations" ADD CONSTRAINT "play_vacations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;