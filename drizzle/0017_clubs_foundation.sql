CREATE TABLE "club_invitations" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_id" integer,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_invitations_club_id_user_id_pk" PRIMARY KEY("club_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "club_join_requests" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_join_requests_club_id_user_id_pk" PRIMARY KEY("club_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "club_members" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_members_club_id_user_id_pk" PRIMARY KEY("club_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country_code" varchar(2) DEFAULT 'XX' NOT NULL,
	"avatar_url" varchar(500),
	"background_url" varchar(500),
	"join_policy" varchar(16) NOT NULL,
	"invitation_secret" varchar(64),
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_url_lower" CHECK ("clubs"."url" = lower("clubs"."url")),
	CONSTRAINT "clubs_join_policy_known" CHECK ("clubs"."join_policy" in ('open', 'approval', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_invitations_user_idx" ON "club_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "club_join_requests_user_idx" ON "club_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "club_members_user_idx" ON "club_members" USING btree ("user_id","club_id");--> statement-breakpoint
CREATE INDEX "club_members_recent_idx" ON "club_members" USING btree ("club_id","joined_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_url_unique" ON "clubs" USING btree ("url");--> statement-breakpoint
CREATE INDEX "clubs_name_lower_idx" ON "clubs" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "clubs_member_count_idx" ON "clubs" USING btree ("member_count","id");--> statement-breakpoint
CREATE INDEX "clubs_country_idx" ON "clubs" USING btree ("country_code","member_count");--> statement-breakpoint
CREATE INDEX "clubs_last_activity_idx" ON "clubs" USING btree ("last_activity_at");--> statement-breakpoint
-- Roles held in clubs that never existed (the clubs table is new) cannot satisfy the new foreign key.
DELETE FROM "club_roles";--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_roles_one_owner" ON "club_roles" USING btree ("club_id") WHERE "club_roles"."role" = 'owner';