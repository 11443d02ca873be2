ALTER TABLE "customers" ADD COLUMN "message_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_token" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
-- The subscribers signed up before double opt-in are asked to confirm, once each (issue 57).
INSERT INTO "jobs" ("store_id", "kind", "payload", "unique_key")
SELECT "store_id", 'newsletter.confirm', jsonb_build_object('subscriberId', "id"::text), 'newsletter.confirm:' || "id"::text
FROM "newsletter_subscribers" WHERE "confirmed_at" IS NULL AND "unsubscribed_at" IS NULL
ON CONFLICT DO NOTHING;
