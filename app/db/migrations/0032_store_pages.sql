CREATE TABLE "store_pages" (
	"store_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_pages_store_id_slug_pk" PRIMARY KEY("store_id","slug")
);
--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A policy page's text is part of what cached pages show (migration 0012).
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_pages
  FOR EACH STATEMENT EXECUTE FUNCTION mandi_catalogue_changed();
