CREATE INDEX "products_search_name_prefix" ON "products" USING btree (split_part("search_text", '  ', 1) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_name_trgm" ON "products" USING gin (split_part("search_text", '  ', 1) gin_trgm_ops);--> statement-breakpoint
ANALYZE "products";
