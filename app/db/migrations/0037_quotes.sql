CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid,
	"phone" text NOT NULL,
	"email" text,
	"address" jsonb NOT NULL,
	"pincode" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"answer" jsonb,
	"grand_total" bigint,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"access_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_answered_by_staff_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_store_reference" ON "quotes" USING btree ("store_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_store_status_created" ON "quotes" USING btree ("store_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_store_created" ON "quotes" USING btree ("store_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_store_customer" ON "quotes" USING btree ("store_id","customer_id","created_at" DESC NULLS FIRST);