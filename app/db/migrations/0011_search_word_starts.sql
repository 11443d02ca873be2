-- search_words becomes a complete index of how the catalogue's words start, so that the search
-- can tell from it alone that a query word starts no word of any product (and go straight to
-- close spellings instead of running the ranked queries that would find nothing; ADR 0012).
--
-- It holds, for every word of every product's search_text:
--   * the word itself when it is letters only, three or more (as before: the spelling
--     candidates);
--   * the word's leading run of ASCII letters, three or more ('paneer' of 'paneer200g'), so a
--     query word of ASCII letters starts some word of the catalogue exactly when it starts an
--     entry of search_words.
-- Words are only ever added (a product's old words stay until `npm run search -- rebuild`), so
-- an entry may be stale, never missing: a stale one only costs the ranked queries.
CREATE OR REPLACE FUNCTION mandi_search_words_of(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT x FROM (
    SELECT w AS x FROM unnest(string_to_array(trim(t), ' ')) AS w WHERE w ~ '^[[:alpha:]]{3,}$'
    UNION ALL
    SELECT substring(w FROM '^[a-z]{3,}') FROM unnest(string_to_array(trim(t), ' ')) AS w
  ) words WHERE x IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_products_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := mandi_product_search_text(NEW);
  INSERT INTO search_words (store_id, word)
  SELECT NEW.store_id, w FROM mandi_search_words_of(NEW.search_text) AS w
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A renamed category or brand brings its products new words: they go into search_words too
-- (the products trigger does not run for an update of search_text alone).
CREATE OR REPLACE FUNCTION mandi_refresh_search_text_for_category() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = mandi_product_search_text(p)
  WHERE p.category_id = NEW.id OR p.sub_category_id = NEW.id;
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
  WHERE p.category_id = NEW.id OR p.sub_category_id = NEW.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_refresh_search_text_for_brand() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = mandi_product_search_text(p) WHERE p.brand_id = NEW.id;
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
  WHERE p.brand_id = NEW.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO search_words (store_id, word)
SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 'Does any word start with ...' reads this index (byte order, as LIKE 'prefix%' needs).
CREATE INDEX search_words_prefix ON search_words (store_id, word text_pattern_ops);
--> statement-breakpoint
ANALYZE search_words;
