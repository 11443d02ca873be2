CREATE INDEX "products_store_lower_name" ON "products" USING btree ("store_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_store_all_created" ON "products" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_store_updated" ON "products" USING btree ("store_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_store_all_price" ON "products" USING btree ("store_id","unit_price","id");--> statement-breakpoint
CREATE INDEX "products_store_inventory" ON "products" USING btree ("store_id","inventory","id");--> statement-breakpoint
CREATE INDEX "products_store_any_category" ON "products" USING btree ("store_id","category_id");--> statement-breakpoint
CREATE INDEX "products_store_any_sub_category" ON "products" USING btree ("store_id","sub_category_id");--> statement-breakpoint
CREATE INDEX "products_store_any_brand" ON "products" USING btree ("store_id","brand_id");--> statement-breakpoint
CREATE INDEX "products_store_lower_sku" ON "products" USING btree ("store_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_store_counted_stock" ON "products" USING btree ("store_id","inventory","name") WHERE active and track_inventory and inventory is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_store_created" ON "stock_movements" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);