-- Every change to what the catalogue pages show is announced on the channel mandi_catalogue, so
-- each app process can drop the pages it keeps for anonymous shoppers (server/page-cache.ts,
-- ADR 0018). PostgreSQL delivers a notification only when its transaction commits, and once
-- per transaction however many statements sent it, so a page rendered after the news never
-- shows the data from before it. The payload is empty: any change drops every kept page.
CREATE OR REPLACE FUNCTION mandi_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mandi_catalogue', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables whose rows the catalogue pages show (orders take stock from products and sizes).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stores', 'store_domains', 'categories', 'brands', 'products', 'product_sizes',
    'search_synonyms']
  LOOP
    EXECUTE format('CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed()', t);
  END LOOP;
END
$$;
