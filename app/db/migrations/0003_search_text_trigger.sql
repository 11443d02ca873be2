-- products.search_text is what the catalogue search matches: name, slug, SKU (the shop's
-- product id), the product's own id, category, sub-category, brand name and brand id, in lower
-- case, words only. These triggers keep it current whoever writes the rows (the app, an import, psql), so no
-- keyword backfill is ever needed; `npm run search:rebuild` recomputes every row if in doubt.
CREATE OR REPLACE FUNCTION mandi_product_search_text(p products) RETURNS text
LANGUAGE sql STABLE AS $$
  -- Letters and digits only, one space between words and one at each end, so that the search
  -- can match the start of any word with LIKE '% word%' (normaliseSearchText in the app).
  SELECT ' ' || trim(regexp_replace(lower(concat_ws(' ',
    p.name, p.slug, p.sku, p.id::text,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT c.name FROM categories c WHERE c.id = p.sub_category_id),
    (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
    p.brand_id::text)), '[^[:alnum:]]+', ' ', 'g')) || ' '
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_products_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := mandi_product_search_text(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text
BEFORE INSERT OR UPDATE OF name, slug, sku, category_id, sub_category_id, brand_id ON products
FOR EACH ROW EXECUTE FUNCTION mandi_products_search_text();
--> statement-breakpoint
-- Renaming a category or a brand changes what its products are found by.
CREATE OR REPLACE FUNCTION mandi_refresh_search_text_for_category() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = mandi_product_search_text(p)
  WHERE p.category_id = NEW.id OR p.sub_category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_text
AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION mandi_refresh_search_text_for_category();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mandi_refresh_search_text_for_brand() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = mandi_product_search_text(p) WHERE p.brand_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_text
AFTER UPDATE OF name ON brands
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION mandi_refresh_search_text_for_brand();
--> statement-breakpoint
UPDATE products p SET search_text = mandi_product_search_text(p);
