CREATE TABLE "invoice_series" (
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year_start" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_series_store_id_kind_year_start_pk" PRIMARY KEY("store_id","kind","year_start")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year_start" integer NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "gst_rate" numeric;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate" numeric;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gst" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_store_number" ON "invoices" USING btree ("store_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_store_issued" ON "invoices" USING btree ("store_id","issued_at" DESC NULLS LAST);