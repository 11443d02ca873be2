-- A number and the letters written against it are two words in the search text, as they are in
-- a query (normaliseSearchText in app/modules/search/query.ts splits them the same way):
-- '5kg' is '5 kg', '15L' is '15 l', 'B12' is 'b 12'. Wholesale buyers type pack sizes without
-- the space ('atta 5kg', 'oil 15l') and catalogues write them both ways; until now '5kg'
-- started no word of a name written '5 kg', so 'atta 5kg' found nothing, and a name written
-- '5kg' was not found by 'atta 5 kg'.
-- And the letters and signs of India's scripts (Devanagari to Sinhala, U+0900-U+0DFF, but for
-- the dandas) are kept whole. PostgreSQL does not count a virama as alphanumeric, so 'हल्दी'
-- was kept as two words, 'हल दी', and a query for हल्दी (kept whole by the query's rule) found
-- nothing.
CREATE OR REPLACE FUNCTION mandi_search_normalise(t text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(regexp_replace(regexp_replace(
    regexp_replace(lower(coalesce(t, '')), '[^[:alnum:]\u0900-\u0963\u0966-\u0DFF]+', ' ', 'g'),
    '([0-9])([^0-9 ])', '\1 \2', 'g'),
    '([^0-9 ])([0-9])', '\1 \2', 'g'))
$$;
--> statement-breakpoint
-- Only the products whose text changes are written again (their postings with them, by the
-- search_postings trigger): a catalogue that writes '5 kg' changes little.
UPDATE products p SET search_text = mandi_product_search_text(p)
WHERE p.search_text IS DISTINCT FROM mandi_product_search_text(p);
--> statement-breakpoint
-- The new words ('kg' of '5kg'), and none of the old joined ones ('5kg').
INSERT INTO search_words (store_id, word)
SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM search_words sw
WHERE (sw.store_id, sw.word) NOT IN (
  SELECT DISTINCT p.store_id, w FROM products p, mandi_search_words_of(p.search_text) AS w
);
--> statement-breakpoint
ANALYZE products;
--> statement-breakpoint
ANALYZE search_postings;
--> statement-breakpoint
ANALYZE search_words;
