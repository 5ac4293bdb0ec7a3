-- Trigram indexes let a "contains" search (ILIKE '%q%') use an index instead of reading every
-- row of the company. pg_trgm ships with PostgreSQL (and with PGlite) and is a trusted
-- extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
