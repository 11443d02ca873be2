-- Search, second form. search_text now keeps the product's name apart from the rest (two spaces
-- between them), so that the search can rank name matches first without a second column:
--   ' amul malai paneer 1 kg  amul malai paneer 1 kg sku-1 <id> dairy eggs paneer cheese amul <brand id> '
-- and search_words holds every word the catalogue uses, which the typo fallback compares a
-- misspelt word against (a few thousand short rows instead of every product).
CREATE OR REPLACE FUNCTION mandi_search_normalise(t text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(regexp_replace(lower(coalesce(t, '')), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_product_search_text(p products) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT ' ' || mandi_search_normalise(p.name) || '  ' || mandi_search_normalise(concat_ws(' ',
    p.slug, p.sku, p.id::text,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT c.name FROM categories c WHERE c.id = p.sub_category_id),
    (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
    p.brand_id::text)) || ' '
$$;
--> statement-breakpoint
CREATE TABLE search_words (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (store_id, word)
);
--> statement-breakpoint
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- Words of letters only, three or more: ids, codes and numbers are never misspelt on purpose.
CREATE OR REPLACE FUNCTION mandi_products_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := mandi_product_search_text(NEW);
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT NEW.store_id, w FROM unnest(string_to_array(trim(NEW.search_text), ' ')) AS w
  WHERE w ~ '^[[:alpha:]]{3,}$'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE products p SET search_text = mandi_product_search_text(p);
--> statement-breakpoint
INSERT INTO search_words (store_id, word)
SELECT DISTINCT p.store_id, w FROM products p, unnest(string_to_array(trim(p.search_text), ' ')) AS w
WHERE w ~ '^[[:alpha:]]{3,}$'
ON CONFLICT DO NOTHING;
