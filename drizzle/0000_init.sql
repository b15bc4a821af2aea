CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(25) NOT NULL,
	"username_key" varchar(25) NOT NULL,
	"email" varchar(254),
	"password_hash" text,
	"first_name" varchar(50),
	"last_name" varchar(50),
	"country_code" varchar(2) DEFAULT 'XX' NOT NULL,
	"chess_title" varchar(3),
	"membership_level" smallint DEFAULT 10 NOT NULL,
	"flair_code" varchar(40) DEFAULT 'nothing' NOT NULL,
	"status_text" varchar(50),
	"avatar_url" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_streamer" boolean DEFAULT false NOT NULL,
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ip" varchar(64) NOT NULL,
	"user_id" integer,
	"username" varchar(25),
	"reported_user" jsonb,
	"user_agent" text NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_unique" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_uuid_unique" ON "users" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_country_code_idx" ON "users" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_created_at_idx" ON "client_error_reports" USING btree ("created_at");