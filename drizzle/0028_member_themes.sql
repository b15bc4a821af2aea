CREATE TABLE "member_themes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"board_style_id" varchar(32) NOT NULL,
	"piece_set_id" varchar(32) NOT NULL,
	"sound_set_id" varchar(32) NOT NULL,
	"background_id" varchar(32) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_themes" ADD CONSTRAINT "member_themes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;