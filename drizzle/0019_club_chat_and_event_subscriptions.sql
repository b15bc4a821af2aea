CREATE TABLE "club_chat_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"text" varchar(600) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_chat_moderation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"moderator_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"hide_messages" boolean NOT NULL,
	"message" varchar(400) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_chat_presence" (
	"club_id" integer NOT NULL,
	"socket_id" varchar(64) NOT NULL,
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "club_chat_presence_club_id_socket_id_pk" PRIMARY KEY("club_id","socket_id")
);
--> statement-breakpoint
CREATE TABLE "club_chat_restrictions" (
	"club_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_chat_restrictions_club_id_member_id_pk" PRIMARY KEY("club_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "club_event_subscriptions" (
	"member_id" integer NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"event_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_event_subscriptions_member_id_event_type_event_id_pk" PRIMARY KEY("member_id","event_type","event_id")
);
--> statement-breakpoint
ALTER TABLE "club_chat_lines" ADD CONSTRAINT "club_chat_lines_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_lines" ADD CONSTRAINT "club_chat_lines_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_moderation_log" ADD CONSTRAINT "club_chat_moderation_log_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_moderation_log" ADD CONSTRAINT "club_chat_moderation_log_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_moderation_log" ADD CONSTRAINT "club_chat_moderation_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_presence" ADD CONSTRAINT "club_chat_presence_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_presence" ADD CONSTRAINT "club_chat_presence_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_restrictions" ADD CONSTRAINT "club_chat_restrictions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_restrictions" ADD CONSTRAINT "club_chat_restrictions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_event_subscriptions" ADD CONSTRAINT "club_event_subscriptions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_chat_lines_club_idx" ON "club_chat_lines" USING btree ("club_id","id");--> statement-breakpoint
CREATE INDEX "club_chat_lines_author_idx" ON "club_chat_lines" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "club_chat_moderation_log_club_idx" ON "club_chat_moderation_log" USING btree ("club_id","id");--> statement-breakpoint
CREATE INDEX "club_chat_presence_member_idx" ON "club_chat_presence" USING btree ("club_id","member_id");--> statement-breakpoint
CREATE INDEX "club_chat_presence_socket_idx" ON "club_chat_presence" USING btree ("socket_id");--> statement-breakpoint
CREATE INDEX "club_chat_presence_expiry_idx" ON "club_chat_presence" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "club_event_subscriptions_event_idx" ON "club_event_subscriptions" USING btree ("event_type","event_id");