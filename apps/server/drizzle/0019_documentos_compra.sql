CREATE TABLE "documentos_compra" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "documentos_compra_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"id_serie" bigint,
	"anyo" integer,
	"numero" integer,
	"num_serie" text,
	"estado" text NOT NULL,
	"facturado" boolean DEFAULT false NOT NULL,
	"estado_cobro" text,
	"id_proveedor" bigint NOT NULL,
	"proveedor_nombre" text NOT NULL,
	"proveedor_nif" text,
	"proveedor_direccion" text,
	"proveedor_cod_postal" text,
	"proveedor_poblacion" text,
	"proveedor_provincia" text,
	"proveedor_pais" text,
	"num_tercero" text,
	"fecha_tercero" date,
	"regimen_iva" text,
	"direccion_envio" text,
	"id_centro" bigint,
	"id_forma_pago" bigint,
	"id_comercial" bigint,
	"observaciones" text,
	"txt_libre1" text,
	"txt_libre2" text,
	"txt_libre3" text,
	"porc_retencion" numeric(5, 2) DEFAULT '0' NOT NULL,
	"base_imponible" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_iva" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_recargo" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_retencion" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"desglose" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_rectificada" bigint,
	"tipo_rectificativa" text,
	"modo_rectificativa" text,
	"emitida_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documentos_compra_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "documentos_compra_lineas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "documentos_compra_lineas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_documento" bigint NOT NULL,
	"orden" integer NOT NULL,
	"id_producto" bigint,
	"descripcion" text NOT NULL,
	"cantidad" numeric(16, 3) NOT NULL,
	"precio" numeric(18, 6) NOT NULL,
	"descuento" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" text NOT NULL,
	"porc_iva" numeric(5, 2) DEFAULT '0' NOT NULL,
	"porc_recargo" numeric(5, 2) DEFAULT '0' NOT NULL,
	"importe" numeric(16, 2) DEFAULT '0' NOT NULL,
	"lote" text,
	"caducidad" date,
	"id_linea_origen" bigint,
	CONSTRAINT "documentos_compra_lineas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_documentos_compra" (
	"empresa_id" bigint NOT NULL,
	"id_documento" bigint NOT NULL,
	"id_almacen" bigint,
	"movido" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"movido_almacen" bigint,
	CONSTRAINT "stock_documentos_compra_pk" PRIMARY KEY("empresa_id","id_documento")
);
--> statement-breakpoint
ALTER TABLE "documentos_venta" ADD COLUMN "num_tercero" text;--> statement-breakpoint
ALTER TABLE "documentos_venta" ADD COLUMN "fecha_tercero" date;--> statement-breakpoint
ALTER TABLE "documentos_compra" ADD CONSTRAINT "documentos_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra" ADD CONSTRAINT "documentos_compra_proveedor_fk" FOREIGN KEY ("empresa_id","id_proveedor") REFERENCES "public"."proveedores"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra" ADD CONSTRAINT "documentos_compra_serie_fk" FOREIGN KEY ("empresa_id","id_serie") REFERENCES "public"."series"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra" ADD CONSTRAINT "documentos_compra_fpago_fk" FOREIGN KEY ("empresa_id","id_forma_pago") REFERENCES "public"."fpago"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra" ADD CONSTRAINT "documentos_compra_comercial_fk" FOREIGN KEY ("empresa_id","id_comercial") REFERENCES "public"."comerciales"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra_lineas" ADD CONSTRAINT "documentos_compra_lineas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra_lineas" ADD CONSTRAINT "documentos_compra_lineas_doc_fk" FOREIGN KEY ("empresa_id","id_documento") REFERENCES "public"."documentos_compra"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_compra_lineas" ADD CONSTRAINT "documentos_compra_lineas_producto_fk" FOREIGN KEY ("empresa_id","id_producto") REFERENCES "public"."productos"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_documentos_compra" ADD CONSTRAINT "stock_documentos_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_documentos_compra" ADD CONSTRAINT "stock_documentos_compra_doc_fk" FOREIGN KEY ("empresa_id","id_documento") REFERENCES "public"."documentos_compra"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_documentos_compra" ADD CONSTRAINT "stock_documentos_compra_almacen_fk" FOREIGN KEY ("empresa_id","id_almacen") REFERENCES "public"."almacenes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentos_compra_lista_idx" ON "documentos_compra" USING btree ("empresa_id","tipo","fecha","id");--> statement-breakpoint
CREATE INDEX "documentos_compra_fecha_idx" ON "documentos_compra" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "documentos_compra_estado_idx" ON "documentos_compra" USING btree ("empresa_id","estado","fecha","id","tipo");--> statement-breakpoint
CREATE INDEX "documentos_compra_estado_cobro_idx" ON "documentos_compra" USING btree ("empresa_id","estado_cobro","fecha","id","tipo");--> statement-breakpoint
CREATE INDEX "documentos_compra_proveedor_idx" ON "documentos_compra" USING btree ("empresa_id","id_proveedor","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_compra_numero_uq" ON "documentos_compra" USING btree ("empresa_id","id_serie","anyo","numero");--> statement-breakpoint
CREATE INDEX "documentos_compra_num_serie_trgm" ON "documentos_compra" USING gin ("num_serie" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documentos_compra_proveedor_nombre_trgm" ON "documentos_compra" USING gin ("proveedor_nombre" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documentos_compra_proveedor_nif_trgm" ON "documentos_compra" USING gin ("proveedor_nif" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documentos_compra_lineas_doc_idx" ON "documentos_compra_lineas" USING btree ("empresa_id","id_documento","orden");--> statement-breakpoint
CREATE INDEX "documentos_compra_lineas_origen_idx" ON "documentos_compra_lineas" USING btree ("empresa_id","id_linea_origen");