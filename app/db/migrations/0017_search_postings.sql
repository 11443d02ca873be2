-- Each active product's words with the keys the listing sorts by, so that a search sorted by
-- price or date reads its words' products in that order instead of finding every match and
-- sorting it (ADR 0027). The words are mandi_search_words_of(search_text), the words
-- search_words holds: letter words of three or more, and the leading letters of the others.
-- A query word of three or more letters starts a word of a product's search text exactly when
-- it starts one of these.
CREATE TABLE search_postings (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE ON UPDATE CASCADE,
  word text NOT NULL,
  store_id uuid NOT NULL,
  unit_price bigint NOT NULL,
  created_at timestamp with time zone NOT NULL,
  PRIMARY KEY (product_id, word)
);
--> statement-breakpoint
CREATE INDEX search_postings_price ON search_postings (store_id, word, unit_price, product_id);
--> statement-breakpoint
CREATE INDEX search_postings_created ON search_postings (store_id, word, created_at, product_id);
--> statement-breakpoint
-- Written again whenever what a product is found by, what it costs or whether it is listed
-- changes; an order taking stock does not touch it.
CREATE OR REPLACE FUNCTION mandi_products_search_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A new product has no entries yet (and looking for them in a table that grows within one
  -- import, before it is analysed, would read all of it).
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM search_postings WHERE product_id = NEW.id;
  END IF;
  IF NEW.active THEN
    INSERT INTO search_postings (product_id, word, store_id, unit_price, created_at)
    SELECT NEW.id, w, NEW.store_id, NEW.unit_price, NEW.created_at FROM mandi_search_words_of(NEW.search_text) AS w;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings
AFTER INSERT OR UPDATE OF name, slug, sku, category_id, sub_category_id, brand_id, search_text, mrp, sale_price1, active, created_at
ON products FOR EACH ROW EXECUTE FUNCTION mandi_products_search_postings();
--> statement-breakpoint
INSERT INTO search_postings (product_id, word, store_id, unit_price, created_at)
SELECT p.id, w, p.store_id, p.unit_price, p.created_at FROM products p, mandi_search_words_of(p.search_text) AS w
WHERE p.active;
--> statement-breakpoint
ANALYZE search_postings;
