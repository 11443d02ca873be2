-- The newest-first index holds the price and discount filters' columns after its sort keys, as
-- the price indexes do (migration 0013): a search's first rows in date order with a price range
-- skip the products outside it on the index instead of reading each one. 'dal', newest first,
-- 500 to 3,000 rupees read 1,984 rows for its 512 (4.7 ms warm); on the index, 1.8-2.3 ms.
DROP INDEX "products_store_created";--> statement-breakpoint
CREATE INDEX "products_store_created" ON "products" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"best_price","discount_percent") WHERE active;