ALTER TABLE "orders" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");