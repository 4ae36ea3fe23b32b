CREATE TABLE "cobros_venta" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cobros_venta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_factura" bigint NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"id_tesoreria" bigint NOT NULL,
	"id_concepto" bigint,
	"notas" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobros_venta_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "cobros_venta" ADD CONSTRAINT "cobros_venta_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros_venta" ADD CONSTRAINT "cobros_venta_factura_fk" FOREIGN KEY ("empresa_id","id_factura") REFERENCES "public"."documentos_venta"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros_venta" ADD CONSTRAINT "cobros_venta_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros_venta" ADD CONSTRAINT "cobros_venta_concepto_fk" FOREIGN KEY ("empresa_id","id_concepto") REFERENCES "public"."conceptosmovs"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobros_venta_factura_idx" ON "cobros_venta" USING btree ("empresa_id","id_factura");--> statement-breakpoint
CREATE INDEX "cobros_venta_lista_idx" ON "cobros_venta" USING btree ("empresa_id","fecha","id");