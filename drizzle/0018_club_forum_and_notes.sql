CREATE TABLE "club_forum_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"author_id" integer,
	"opening" boolean DEFAULT false NOT NULL,
	"body_source" text NOT NULL,
	"body_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_forum_reads" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"last_read_post_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_forum_reads_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "club_forum_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"author_id" integer,
	"title" varchar(120) NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_post_id" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_poster_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"author_id" integer,
	"body_source" text NOT NULL,
	"body_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_forum_posts" ADD CONSTRAINT "club_forum_posts_topic_id_club_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."club_forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_posts" ADD CONSTRAINT "club_forum_posts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_posts" ADD CONSTRAINT "club_forum_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_reads" ADD CONSTRAINT "club_forum_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_reads" ADD CONSTRAINT "club_forum_reads_topic_id_club_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."club_forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_topics" ADD CONSTRAINT "club_forum_topics_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_topics" ADD CONSTRAINT "club_forum_topics_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_forum_topics" ADD CONSTRAINT "club_forum_topics_last_poster_id_users_id_fk" FOREIGN KEY ("last_poster_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_notes" ADD CONSTRAINT "club_notes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_notes" ADD CONSTRAINT "club_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_forum_posts_topic_idx" ON "club_forum_posts" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "club_forum_posts_author_idx" ON "club_forum_posts" USING btree ("author_id") WHERE "club_forum_posts"."author_id" is not null;--> statement-breakpoint
CREATE INDEX "club_forum_reads_topic_idx" ON "club_forum_reads" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "club_forum_topics_list_idx" ON "club_forum_topics" USING btree ("club_id","pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "club_notes_club_newest_idx" ON "club_notes" USING btree ("club_id","id" DESC NULLS LAST);