-- Trigram similarity for typo-tolerant search (bundled with PGlite; in PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
