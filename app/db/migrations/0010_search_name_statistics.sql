-- A finer histogram of product names (1,000 buckets instead of 100) lets the planner estimate
-- 'the name holds these words' patterns (ADR 0010); with 100 buckets it took a word in 1% of
-- the names for one in 0.01% and read every match instead of walking the newest-first index.
ALTER INDEX "products_search_name_prefix" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "products_search_name_trgm" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "products";
