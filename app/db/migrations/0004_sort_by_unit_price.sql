ALTER TABLE "products" ADD COLUMN "unit_price" bigint GENERATED ALWAYS AS (case when sale_price1 > 0 then sale_price1 when mrp > 0 then mrp else 0 end) STORED NOT NULL;--> statement-breakpoint
-- Price sorting follows the price a card shows (unit_price); the price filter keeps best_price.
DROP INDEX "products_store_price";--> statement-breakpoint
DROP INDEX "products_store_category_price";--> statement-breakpoint
CREATE INDEX "products_store_best_price" ON "products" USING btree ("store_id","best_price") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_price" ON "products" USING btree ("store_id","unit_price","id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_category_price" ON "products" USING btree ("store_id","category_id","unit_price","id") WHERE active;
