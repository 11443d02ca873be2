-- search_text no longer holds the product's id and its brand's id. Split into words, an id
-- became five words of hexadecimal digits, and a query word matched their starts: 'cafe', 'beef'
-- or 'face' found products whose ids happened to have a part starting so (3, 9 and 1 of 100,000
-- demo products), and those parts filled search_words, the catalogue's words the typo fallback
-- chooses from (3,399 entries for that catalogue, 396 without them). An id is now found whole:
-- a query that is an id matches the product or the brand with that id (listProducts).
CREATE OR REPLACE FUNCTION mandi_product_search_text(p products) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT ' ' || mandi_search_normalise(p.name) || '  ' || mandi_search_normalise(concat_ws(' ',
    p.slug, p.sku,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT c.name FROM categories c WHERE c.id = p.sub_category_id),
    (SELECT b.name FROM brands b WHERE b.id = p.brand_id))) || ' '
$$;
--> statement-breakpoint
UPDATE products p SET search_text = mandi_product_search_text(p);
--> statement-breakpoint
-- The word list again from the texts as they are now: the ids' parts leave it.
DELETE FROM search_words;
--> statement-breakpoint
INSERT INTO search_words (store_id, word)
SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ANALYZE products;
--> statement-breakpoint
ANALYZE search_words;
