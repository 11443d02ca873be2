DROP INDEX "products_store_created";--> statement-breakpoint
DROP INDEX "products_store_category";--> statement-breakpoint
DROP INDEX "products_store_sub_category";--> statement-breakpoint
DROP INDEX "products_store_brand";--> statement-breakpoint
CREATE INDEX "products_store_created" ON "products" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_category" ON "products" USING btree ("store_id","category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_sub_category" ON "products" USING btree ("store_id","sub_category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_brand" ON "products" USING btree ("store_id","brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE active;