-- The documents' trigram indexes (Buscar of the sales and purchase lists) take new entries into GIN's pending list
-- instead of their posting trees (issue 22, docs/ARCHITECTURE.md "Search"). Issuing rewrites an invoice's row, so
-- each issue inserted ~40 trigrams straight into the posting trees, and concurrent issuers queued on the same hot
-- pages (every number shares "f20", "202", "026"…): PostgreSQL spent 3.0–3.3 ms of CPU an issue under 16 HTTP
-- clients, 2.2–2.5 ms with the pending list (same run, rounds alternated). The list is small (256 kB): an insert
-- that fills it moves it into the trees in one sorted batch, so it never waits for autovacuum (PGlite has none) and
-- a search reads at most 256 kB of it. ALTER, not DROP + CREATE: the indexes are not rebuilt.
ALTER INDEX "documentos_compra_num_serie_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "documentos_compra_proveedor_nombre_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "documentos_compra_proveedor_nif_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "documentos_venta_num_serie_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "documentos_venta_cliente_nombre_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "documentos_venta_cliente_nif_trgm" SET (fastupdate = true, gin_pending_list_limit = 256);
