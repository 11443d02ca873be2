-- A word's postings of products (search_postings, migration 0017) carries each product's best price
-- and discount too, and its two indexes hold them beside the order they give. A search sorted
-- by price or date with a price range or a discount and no category or brand reads its words'
-- lists in order and skips the products outside them on the index alone. Without them, the
-- first 512 entries of a list ('atta', dearest first) could all be dearer than the range, and
-- the search fell back to sorting every match (ADR 0033).
-- The lists are written again whole: faster than updating every row, and nothing left behind.
TRUNCATE search_postings;
--> statement-breakpoint
ALTER TABLE search_postings ADD COLUMN best_price bigint NOT NULL;
--> statement-breakpoint
ALTER TABLE search_postings ADD COLUMN discount_percent smallint;
--> statement-breakpoint
DROP INDEX search_postings_price;
--> statement-breakpoint
DROP INDEX search_postings_created;
--> statement-breakpoint
INSERT INTO search_postings (product_id, word, store_id, unit_price, created_at, best_price, discount_percent)
SELECT p.id, w, p.store_id, p.unit_price, p.created_at, p.best_price, p.discount_percent
FROM products p, mandi_search_words_of(p.search_text) AS w
WHERE p.active;
--> statement-breakpoint
CREATE INDEX search_postings_price ON search_postings (store_id, word, unit_price, product_id)
  INCLUDE (best_price, discount_percent);
--> statement-breakpoint
CREATE INDEX search_postings_created ON search_postings (store_id, word, created_at, product_id)
  INCLUDE (best_price, discount_percent);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_products_search_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A new product has no entries yet (and looking for them in a table that grows within one
  -- import, before it is analysed, would read all of it).
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM search_postings WHERE product_id = NEW.id;
  END IF;
  IF NEW.active THEN
    INSERT INTO search_postings (product_id, word, store_id, unit_price, created_at, best_price, discount_percent)
    SELECT NEW.id, w, NEW.store_id, NEW.unit_price, NEW.created_at, NEW.best_price, NEW.discount_percent
    FROM mandi_search_words_of(NEW.search_text) AS w;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The best price and the discount follow every tier's price, not only the first.
DROP TRIGGER products_search_postings ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_postings
AFTER INSERT OR UPDATE OF name, slug, sku, category_id, sub_category_id, brand_id, search_text, mrp, sale_price1,
  sale_price2, sale_price3, active, created_at
ON products FOR EACH ROW EXECUTE FUNCTION mandi_products_search_postings();
--> statement-breakpoint
ANALYZE search_postings;
