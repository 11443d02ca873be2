CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "otp_codes_phone";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "signed_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "order_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_awaiting_code" ON "orders" USING btree ("code_confirm_by") WHERE "orders"."code_confirm_by" is not null;--> statement-breakpoint
CREATE INDEX "otp_codes_phone_purpose" ON "otp_codes" USING btree ("store_id","phone","purpose","created_at" DESC NULLS LAST);