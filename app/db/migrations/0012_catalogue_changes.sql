-- Every change to what the catalogue pages show is announced on the channel mandi_catalogue, so
-- each app process can drop the pages it keeps for anonymous shoppers (server/page-cache.ts,
-- ADR 0018). PostgreSQL delivers a notification only when its transaction commits, and once
-- per transaction however many statements sent the same one, so a page rendered after the news
-- never shows the data from before it. An empty payload drops every kept page.
CREATE OR REPLACE FUNCTION mandi_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mandi_catalogue', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that changed nothing but stock (an order, a payment that gave its stock back) names
-- its products ('products:<id>,<id>,...'), so that only the pages showing them are dropped: stock
-- changes how a product shows, never which products a page lists or in what order. Any other
-- update, or one of more than 150 rows, drops everything. TG_ARGV[0] is the column that names
-- the product.
CREATE OR REPLACE FUNCTION mandi_catalogue_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  same int;
  ids text;
BEGIN
  SELECT count(*) INTO changed FROM new_rows;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 150 THEN
    -- Every new row must equal an old one in everything but stock (keys included).
    SELECT count(*), string_agg(DISTINCT n.j ->> TG_ARGV[0], ',') INTO same, ids
    FROM (SELECT to_jsonb(r) - 'inventory' - 'updated_at' AS j FROM new_rows r) n
    JOIN (SELECT to_jsonb(r) - 'inventory' - 'updated_at' AS j FROM old_rows r) o ON o.j = n.j;
    IF same = changed THEN
      PERFORM pg_notify('mandi_catalogue', 'products:' || ids);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('mandi_catalogue', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables whose rows the catalogue pages show.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stores', 'store_domains', 'categories', 'brands', 'search_synonyms'] LOOP
    EXECUTE format('CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_rows_changed AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_rows_changed('id');
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_rows_changed AFTER UPDATE ON product_sizes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_rows_changed('product_id');
