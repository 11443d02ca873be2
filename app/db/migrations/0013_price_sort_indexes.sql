-- Price-sorted listings with a price range or a discount (and by brand): the filters' columns
-- follow the sort keys in the index, so PostgreSQL checks them on the index entry and skips the
-- products outside the range without reading them. products_store_best_price has existed since
-- 0004; the schema file now says so.
DROP INDEX "products_store_price";--> statement-breakpoint
DROP INDEX "products_store_category_price";--> statement-breakpoint
CREATE INDEX "products_store_brand_price" ON "products" USING btree ("store_id","brand_id","unit_price","id","best_price","discount_percent") WHERE active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_store_best_price" ON "products" USING btree ("store_id","best_price") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_price" ON "products" USING btree ("store_id","unit_price","id","best_price","discount_percent") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_category_price" ON "products" USING btree ("store_id","category_id","unit_price","id","best_price","discount_percent") WHERE active;
