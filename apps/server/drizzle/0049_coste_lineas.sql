ALTER TABLE "documentos_compra_lineas" ADD COLUMN "coste" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "documentos_venta_lineas" ADD COLUMN "coste" numeric(18, 6);