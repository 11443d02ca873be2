ALTER TABLE "product_sizes" ADD COLUMN "min_order_qty" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "pack_of" integer;