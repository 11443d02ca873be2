ALTER TABLE "products" ADD COLUMN "min_order_qty" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_of" integer DEFAULT 1 NOT NULL;