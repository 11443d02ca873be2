CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"source" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"order_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_unpaid_online";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "status" SET DEFAULT 'CREATING';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_check_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "attempt" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "amount" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_orders_order" ON "sandbox_gateway_orders" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_online_holding_stock" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'ONLINE' and "orders"."stock_released_at" is null and "orders"."payment_status" in ('pending', 'failed', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_attempt" ON "payment_attempts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" is null;