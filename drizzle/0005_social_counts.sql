CREATE TABLE "social_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"friends" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "social_counts_not_negative" CHECK ("social_counts"."friends" >= 0 and "social_counts"."followers" >= 0 and "social_counts"."following" >= 0)
);
--> statement-breakpoint
ALTER TABLE "social_counts" ADD CONSTRAINT "social_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;