ALTER TABLE "movimientos_tesoreria" ADD COLUMN "id_cliente" bigint;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD COLUMN "id_proveedor" bigint;--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD COLUMN "id_cliente" bigint;--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD COLUMN "id_proveedor" bigint;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_proveedor_fk" FOREIGN KEY ("empresa_id","id_proveedor") REFERENCES "public"."proveedores"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD CONSTRAINT "reglas_conciliacion_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD CONSTRAINT "reglas_conciliacion_proveedor_fk" FOREIGN KEY ("empresa_id","id_proveedor") REFERENCES "public"."proveedores"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_un_contacto" CHECK ("movimientos_tesoreria"."id_cliente" is null or "movimientos_tesoreria"."id_proveedor" is null);--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD CONSTRAINT "reglas_conciliacion_un_contacto" CHECK ("reglas_conciliacion"."id_cliente" is null or "reglas_conciliacion"."id_proveedor" is null);