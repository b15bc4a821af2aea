ALTER TABLE "rating_ranks" ADD COLUMN "country" varchar(2);--> statement-breakpoint
CREATE INDEX "rating_ranks_country_idx" ON "rating_ranks" USING btree ("rating_type","country","rank");