ALTER TABLE "media" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "media_store_source" ON "media" USING btree ("store_id","source_url") WHERE source_url is not null;