-- A category's name as search_text writes it (mandi_search_normalise, migration 0019), with a
-- space each side. A search's start finds the categories whose names hold a word of the query,
-- the shelves its best matches are ranked by ('rice' is on 'Basmati Rice' and 'Everyday Rice',
-- Rice Flour is not; ADR 0043). Normalising every name of the store on every start cost
-- 1.2 ms (0.8 of it planning the function's three patterns); the column costs nothing to read.
-- Should mandi_search_normalise change, a migration must write the column again
-- (UPDATE categories SET name = name).
ALTER TABLE "categories" ADD COLUMN "search_name" text GENERATED ALWAYS AS (' ' || mandi_search_normalise(name) || ' ') STORED NOT NULL;
