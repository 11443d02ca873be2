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
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_domains
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
