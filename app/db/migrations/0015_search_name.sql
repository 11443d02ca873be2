-- The product's name as a column of its own (the part of search_text before the two spaces),
-- kept by PostgreSQL from search_text, which the trigger writes before generated columns are
-- computed. The best-match tiers test three or four name patterns on each row they look at:
-- cut out of search_text, the name was cut again for every pattern and row (PostgreSQL does
-- not share the expression), a third of a 'name holds the words' tier's time (ADR 0027).
-- Its statistics keep the 1,000 buckets of migration 0010: with 300, planning was 0.5 ms
-- shorter, but words in half a percent of the names were taken for broad ones and walked
-- (4-7 ms instead of 1-1.5 ms).
DROP INDEX "products_search_name_prefix";--> statement-breakpoint
DROP INDEX "products_search_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (split_part(search_text, '  ', 1)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_name_prefix" ON "products" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_name_trgm" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_name" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "products";
