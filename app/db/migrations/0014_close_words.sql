-- Close spellings of a query word ('basmti' -> basmati), closest first, as one text of words
-- separated by spaces (search_words holds letters only). A PL/pgSQL function so that each
-- connection plans the trigram lookup once: written into the search's first statement (ADR 0012),
-- the lookup's planning cost about 0.3 ms on every search, typo or not.
CREATE OR REPLACE FUNCTION mandi_close_words(p_store_id uuid, p_word text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN array_to_string(ARRAY(
    SELECT word FROM search_words
    WHERE store_id = p_store_id AND word % p_word
    ORDER BY similarity(word, p_word) DESC, word
    LIMIT 3
  ), ' ');
END
$$;
