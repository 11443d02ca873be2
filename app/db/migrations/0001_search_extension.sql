-- Trigram matching for the catalogue search (typing mistakes still find the product).
-- PGlite ships pg_trgm as a contrib extension that the app loads; PostgreSQL has it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
