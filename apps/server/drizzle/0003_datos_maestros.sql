CREATE TABLE "almacenes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "almacenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"cod_postal" text,
	"poblacion" text,
	"provincia" text,
	"pais" text,
	"id_centro" bigint,
	"permitir_negativo" boolean DEFAULT false NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "almacenes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clientes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"nombre_comercial" text,
	"tipo_nif" text,
	"nif" text,
	"direccion" text,
	"cod_postal" text,
	"poblacion" text,
	"provincia" text,
	"pais" text,
	"email" text,
	"telefono" text,
	"movil" text,
	"web" text,
	"contactos" jsonb,
	"direcciones_envio" jsonb,
	"id_grupo" bigint,
	"id_tarifa" bigint,
	"id_comercial" bigint,
	"descuento" numeric(7, 2),
	"limite_credito" numeric(18, 2),
	"id_forma_pago" bigint,
	"dia_pago1" integer,
	"dia_pago2" integer,
	"iban" text,
	"bic" text,
	"mandato_ref" text,
	"mandato_fecha" date,
	"regimen_iva" text,
	"retencion_irpf" numeric(7, 2),
	"cuenta_contable" text,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "clientes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "clientespot" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clientespot_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"nombre_comercial" text,
	"tipo_nif" text,
	"nif" text,
	"direccion" text,
	"cod_postal" text,
	"poblacion" text,
	"provincia" text,
	"pais" text,
	"email" text,
	"telefono" text,
	"movil" text,
	"web" text,
	"contactos" jsonb,
	"id_grupo" bigint,
	"id_comercial" bigint,
	"id_segmento" bigint,
	"origen" text,
	"observaciones" text,
	"id_cliente" bigint,
	"fecha_conversion" timestamp with time zone,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "clientespot_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "comerciales" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "comerciales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"nif" text,
	"email" text,
	"telefono" text,
	"zona" text,
	"comision" numeric(7, 2),
	"retencion_irpf" numeric(7, 2),
	"id_empleado" bigint,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "comerciales_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "conceptosmovs" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "conceptosmovs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo" text NOT NULL,
	"cuenta_contable" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "conceptosmovs_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "configura" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "configura_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ventas_txt_libre1" text,
	"ventas_txt_libre2" text,
	"ventas_txt_libre3" text,
	"dias_validez_presupuesto" integer,
	"id_forma_pago" bigint,
	"id_tipo_iva" bigint,
	"id_tarifa" bigint,
	"id_almacen" bigint,
	"id_cuenta_tesoreria" bigint,
	"email_copia" text,
	"pie_documentos" text,
	"texto_proteccion_datos" text,
	CONSTRAINT "configura_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contratos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"id_centro" bigint,
	"descripcion" text NOT NULL,
	"jornada_semanal" numeric(18, 2),
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "contratos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "empleados" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "empleados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido1" text,
	"apellido2" text,
	"nif" text,
	"num_seguridad_social" text,
	"fecha_nacimiento" date,
	"email" text,
	"telefono" text,
	"direccion" text,
	"cod_postal" text,
	"poblacion" text,
	"provincia" text,
	"pais" text,
	"puesto" text,
	"id_centro" bigint,
	"id_contrato" bigint,
	"id_sit_laboral" bigint,
	"fecha_alta" date,
	"fecha_baja" date,
	"iban" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "empleados_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "familias" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "familias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"id_familia_padre" bigint,
	"cuenta_ventas" text,
	"cuenta_compras" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "familias_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "ficheros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ficheros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clave" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" integer NOT NULL,
	"datos" "bytea" NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ficheros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "fpago" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fpago_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"medio" text NOT NULL,
	"plazos" integer NOT NULL,
	"dias_primer_plazo" integer,
	"dias_entre_plazos" integer,
	"id_cuenta_tesoreria" bigint,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "fpago_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "gruposcto" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gruposcto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"id_tarifa" bigint,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "gruposcto_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "importaciones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "importaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recurso" text NOT NULL,
	"persona_id" bigint NOT NULL,
	"nombre_fichero" text NOT NULL,
	"columnas" jsonb NOT NULL,
	"filas" jsonb NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importaciones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "movimientosstock" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "movimientosstock_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" timestamp with time zone,
	"tipo" text,
	"id_producto" bigint,
	"id_almacen" bigint,
	"cantidad" numeric(18, 3),
	"stock_resultante" numeric(18, 3),
	"motivo" text,
	"referencia" text,
	"user_name" text,
	CONSTRAINT "movimientosstock_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "plantemail" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plantemail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"asunto" text NOT NULL,
	"cuerpo" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "plantemail_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "productos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"descripcion" text NOT NULL,
	"tipo" text,
	"id_familia" bigint,
	"codigo_barras" text,
	"unidad" text,
	"precio_venta" numeric(18, 4),
	"precio_compra" numeric(18, 4),
	"id_tipo_iva" bigint,
	"control_stock" boolean DEFAULT false NOT NULL,
	"stock_minimo" numeric(18, 3),
	"trazabilidad" text,
	"cuenta_ventas" text,
	"cuenta_compras" text,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "productos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "proveedores" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "proveedores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"nombre_comercial" text,
	"tipo_nif" text,
	"nif" text,
	"direccion" text,
	"cod_postal" text,
	"poblacion" text,
	"provincia" text,
	"pais" text,
	"email" text,
	"telefono" text,
	"movil" text,
	"web" text,
	"contactos" jsonb,
	"id_grupo" bigint,
	"acreedor" boolean DEFAULT false NOT NULL,
	"descuento" numeric(7, 2),
	"id_forma_pago" bigint,
	"dia_pago1" integer,
	"dia_pago2" integer,
	"iban" text,
	"bic" text,
	"regimen_iva" text,
	"retencion_irpf" numeric(7, 2),
	"cuenta_contable" text,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "proveedores_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "segmentacion" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "segmentacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "segmentacion_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"prefijo" text,
	"reinicio_anual" boolean DEFAULT false NOT NULL,
	"defecto" boolean DEFAULT false NOT NULL,
	"id_serie_rectificativa" bigint,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "series_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "sitlaboral" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sitlaboral_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT false NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sitlaboral_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_producto" bigint,
	"id_almacen" bigint,
	"cantidad" numeric(18, 3),
	CONSTRAINT "stock_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tarifas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tarifas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"descuento_general" numeric(7, 2),
	"fecha_desde" date,
	"fecha_hasta" date,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tarifas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tarifaslineas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tarifaslineas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_tarifa" bigint NOT NULL,
	"id_producto" bigint,
	"id_familia" bigint,
	"tipo" text NOT NULL,
	"valor" numeric(18, 4) NOT NULL,
	"cantidad_minima" numeric(18, 3),
	CONSTRAINT "tarifaslineas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tesoreria" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tesoreria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"iban" text,
	"bic" text,
	"entidad" text,
	"sufijo_acreedor" text,
	"cuenta_contable" text,
	"saldo_inicial" numeric(18, 2),
	"arqueable" boolean DEFAULT false NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tesoreria_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tiposiva" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tiposiva_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"valor" text NOT NULL,
	"descripcion" text NOT NULL,
	"impuesto" text NOT NULL,
	"tipo" text NOT NULL,
	"porcentaje_iva" numeric(7, 2) NOT NULL,
	"genera_recargo" boolean DEFAULT false NOT NULL,
	"porcentaje_recargo" numeric(7, 2),
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tiposiva_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "nombre_comercial" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "registro_mercantil" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "direccion" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "cod_postal" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "poblacion" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "provincia" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "pais" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "telefono" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "web" text;--> statement-breakpoint
ALTER TABLE "almacenes" ADD CONSTRAINT "almacenes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientespot" ADD CONSTRAINT "clientespot_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comerciales" ADD CONSTRAINT "comerciales_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conceptosmovs" ADD CONSTRAINT "conceptosmovs_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configura" ADD CONSTRAINT "configura_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ficheros" ADD CONSTRAINT "ficheros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fpago" ADD CONSTRAINT "fpago_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gruposcto" ADD CONSTRAINT "gruposcto_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importaciones" ADD CONSTRAINT "importaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientosstock" ADD CONSTRAINT "movimientosstock_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantemail" ADD CONSTRAINT "plantemail_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedores" ADD CONSTRAINT "proveedores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segmentacion" ADD CONSTRAINT "segmentacion_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitlaboral" ADD CONSTRAINT "sitlaboral_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifaslineas" ADD CONSTRAINT "tarifaslineas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tesoreria" ADD CONSTRAINT "tesoreria_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiposiva" ADD CONSTRAINT "tiposiva_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "almacenes_orden_idx" ON "almacenes" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "almacenes_codigo_uq" ON "almacenes" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "clientes_orden_idx" ON "clientes" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_codigo_uq" ON "clientes" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "clientes_codigo_trgm" ON "clientes" USING gin ("codigo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientes_nombre_trgm" ON "clientes" USING gin ("nombre" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientes_nombrecomercial_trgm" ON "clientes" USING gin ("nombre_comercial" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientes_nif_trgm" ON "clientes" USING gin ("nif" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientes_email_trgm" ON "clientes" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientes_nif_idx" ON "clientes" USING btree ("empresa_id","nif");--> statement-breakpoint
CREATE INDEX "clientespot_orden_idx" ON "clientespot" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clientespot_codigo_uq" ON "clientespot" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "clientespot_codigo_trgm" ON "clientespot" USING gin ("codigo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientespot_nombre_trgm" ON "clientespot" USING gin ("nombre" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientespot_nombrecomercial_trgm" ON "clientespot" USING gin ("nombre_comercial" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientespot_nif_trgm" ON "clientespot" USING gin ("nif" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientespot_email_trgm" ON "clientespot" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clientespot_nif_idx" ON "clientespot" USING btree ("empresa_id","nif");--> statement-breakpoint
CREATE INDEX "comerciales_orden_idx" ON "comerciales" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "comerciales_codigo_uq" ON "comerciales" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "conceptosmovs_orden_idx" ON "conceptosmovs" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conceptosmovs_codigo_uq" ON "conceptosmovs" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "configura_orden_idx" ON "configura" USING btree ("empresa_id","dias_validez_presupuesto","id");--> statement-breakpoint
CREATE UNIQUE INDEX "configura_empresa_uq" ON "configura" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "contratos_orden_idx" ON "contratos" USING btree ("empresa_id","descripcion","id");--> statement-breakpoint
CREATE INDEX "empleados_orden_idx" ON "empleados" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "empleados_codigo_uq" ON "empleados" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "empleados_codigo_trgm" ON "empleados" USING gin ("codigo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "empleados_nombre_trgm" ON "empleados" USING gin ("nombre" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "empleados_apellido1_trgm" ON "empleados" USING gin ("apellido1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "empleados_nif_trgm" ON "empleados" USING gin ("nif" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "empleados_email_trgm" ON "empleados" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "familias_orden_idx" ON "familias" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "familias_codigo_uq" ON "familias" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "ficheros_clave_uq" ON "ficheros" USING btree ("empresa_id","clave");--> statement-breakpoint
CREATE INDEX "fpago_orden_idx" ON "fpago" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fpago_codigo_uq" ON "fpago" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "gruposcto_orden_idx" ON "gruposcto" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gruposcto_codigo_uq" ON "gruposcto" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "importaciones_creada_idx" ON "importaciones" USING btree ("empresa_id","creada");--> statement-breakpoint
CREATE INDEX "movimientosstock_orden_idx" ON "movimientosstock" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "movimientosstock_producto_idx" ON "movimientosstock" USING btree ("empresa_id","id_producto","fecha");--> statement-breakpoint
CREATE INDEX "plantemail_orden_idx" ON "plantemail" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plantemail_nombre_uq" ON "plantemail" USING btree ("empresa_id","nombre");--> statement-breakpoint
CREATE INDEX "productos_orden_idx" ON "productos" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "productos_codigo_uq" ON "productos" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "productos_codigo_trgm" ON "productos" USING gin ("codigo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "productos_descripcion_trgm" ON "productos" USING gin ("descripcion" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "productos_codigobarras_trgm" ON "productos" USING gin ("codigo_barras" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "productos_codigo_barras_idx" ON "productos" USING btree ("empresa_id","codigo_barras");--> statement-breakpoint
CREATE INDEX "proveedores_orden_idx" ON "proveedores" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_codigo_uq" ON "proveedores" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "proveedores_codigo_trgm" ON "proveedores" USING gin ("codigo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proveedores_nombre_trgm" ON "proveedores" USING gin ("nombre" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proveedores_nombrecomercial_trgm" ON "proveedores" USING gin ("nombre_comercial" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proveedores_nif_trgm" ON "proveedores" USING gin ("nif" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proveedores_email_trgm" ON "proveedores" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proveedores_nif_idx" ON "proveedores" USING btree ("empresa_id","nif");--> statement-breakpoint
CREATE INDEX "segmentacion_orden_idx" ON "segmentacion" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "segmentacion_codigo_uq" ON "segmentacion" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "series_orden_idx" ON "series" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_codigo_tipo_uq" ON "series" USING btree ("empresa_id","codigo","tipo_documento");--> statement-breakpoint
CREATE UNIQUE INDEX "series_defecto_uq" ON "series" USING btree ("empresa_id","tipo_documento") WHERE "series"."defecto";--> statement-breakpoint
CREATE INDEX "sitlaboral_orden_idx" ON "sitlaboral" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sitlaboral_codigo_uq" ON "sitlaboral" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "stock_orden_idx" ON "stock" USING btree ("empresa_id","id_producto","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_producto_almacen_uq" ON "stock" USING btree ("empresa_id","id_producto","id_almacen");--> statement-breakpoint
CREATE INDEX "tarifas_orden_idx" ON "tarifas" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tarifas_codigo_uq" ON "tarifas" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "tarifaslineas_orden_idx" ON "tarifaslineas" USING btree ("empresa_id","id_tarifa","id");--> statement-breakpoint
CREATE INDEX "tarifaslineas_producto_idx" ON "tarifaslineas" USING btree ("empresa_id","id_tarifa","id_producto");--> statement-breakpoint
CREATE INDEX "tesoreria_orden_idx" ON "tesoreria" USING btree ("empresa_id","codigo","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tesoreria_codigo_uq" ON "tesoreria" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "tiposiva_orden_idx" ON "tiposiva" USING btree ("empresa_id","valor","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tiposiva_valor_uq" ON "tiposiva" USING btree ("empresa_id","valor");