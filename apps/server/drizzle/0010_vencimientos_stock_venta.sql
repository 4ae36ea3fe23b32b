CREATE TABLE "stock_documentos_venta" (
	"empresa_id" bigint NOT NULL,
	"id_documento" bigint NOT NULL,
	"id_almacen" bigint,
	"movido" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"movido_almacen" bigint,
	CONSTRAINT "stock_documentos_venta_pk" PRIMARY KEY("empresa_id","id_documento")
);
--> statement-breakpoint
CREATE TABLE "vencimientos_venta" (
	"empresa_id" bigint NOT NULL,
	"id_factura" bigint NOT NULL,
	"plazo" integer NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"cobrado" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "vencimientos_venta_pk" PRIMARY KEY("empresa_id","id_factura","plazo")
);
--> statement-breakpoint
ALTER TABLE "stock_documentos_venta" ADD CONSTRAINT "stock_documentos_venta_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_documentos_venta" ADD CONSTRAINT "stock_documentos_venta_doc_fk" FOREIGN KEY ("empresa_id","id_documento") REFERENCES "public"."documentos_venta"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_documentos_venta" ADD CONSTRAINT "stock_documentos_venta_almacen_fk" FOREIGN KEY ("empresa_id","id_almacen") REFERENCES "public"."almacenes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vencimientos_venta" ADD CONSTRAINT "vencimientos_venta_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vencimientos_venta" ADD CONSTRAINT "vencimientos_venta_factura_fk" FOREIGN KEY ("empresa_id","id_factura") REFERENCES "public"."documentos_venta"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vencimientos_venta_fecha_idx" ON "vencimientos_venta" USING btree ("empresa_id","fecha");