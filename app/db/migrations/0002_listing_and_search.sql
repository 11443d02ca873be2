CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_store_created";--> statement-breakpoint
DROP INDEX "products_store_category";--> statement-breakpoint
DROP INDEX "products_store_brand";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_price" bigint GENERATED ALWAYS AS (coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), case when mrp > 0 then mrp end, 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_percent" smallint GENERATED ALWAYS AS (case when mrp > coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), mrp) then round((mrp - coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), mrp))::numeric * 100 / mrp)::smallint end) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonyms_store" ON "search_synonyms" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "products_store_sub_category" ON "products" USING btree ("store_id","sub_category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_price" ON "products" USING btree ("store_id","best_price","id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_category_price" ON "products" USING btree ("store_id","category_id","best_price","id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_discount" ON "products" USING btree ("store_id","discount_percent") WHERE active;--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_store_created" ON "products" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_category" ON "products" USING btree ("store_id","category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_brand" ON "products" USING btree ("store_id","brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE active;