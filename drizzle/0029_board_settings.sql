CREATE TABLE "board_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"animation_type" varchar(16) DEFAULT 'medium' NOT NULL,
	"coordinates" varchar(8) DEFAULT 'inside' NOT NULL,
	"show_legal_moves" boolean DEFAULT true NOT NULL,
	"highlight_moves" boolean DEFAULT true NOT NULL,
	"white_always_on_bottom" boolean DEFAULT false NOT NULL,
	"move_list_style" varchar(16) DEFAULT 'text' NOT NULL,
	"move_classification_style" varchar(16) DEFAULT 'default' NOT NULL,
	"move_method" varchar(16) DEFAULT 'drag' NOT NULL,
	"play_sounds" boolean DEFAULT true NOT NULL,
	"show_timestamps" boolean DEFAULT false NOT NULL,
	"dark_mode" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_settings" ADD CONSTRAINT "board_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;