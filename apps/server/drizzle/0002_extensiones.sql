-- Text search on names, codes and NIFs is index-backed: trigram GIN indexes (pg_trgm), a trusted extension on
-- PostgreSQL 13+; PGlite loads it from its contrib bundle (platform/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
