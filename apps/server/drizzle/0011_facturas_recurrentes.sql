CREATE TABLE "correos_salida_adjuntos" (
	"correo_id" bigint NOT NULL,
	"orden" integer NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"contenido" "bytea" NOT NULL,
	CONSTRAINT "correos_salida_adjuntos_pk" PRIMARY KEY("correo_id","orden")
);
--> statement-breakpoint
CREATE TABLE "facturas_recurrentes_generadas" (
	"empresa_id" bigint NOT NULL,
	"id_plantilla" bigint NOT NULL,
	"periodo" date NOT NULL,
	"id_factura" bigint NOT NULL,
	"generada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_en" timestamp with time zone,
	"error_envio" text,
	CONSTRAINT "facturas_recurrentes_generadas_pk" PRIMARY KEY("empresa_id","id_plantilla","periodo")
);
--> statement-breakpoint
CREATE TABLE "plantillas_recurrentes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plantillas_recurrentes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"descripcion" text NOT NULL,
	"id_cliente" bigint NOT NULL,
	"id_serie" bigint,
	"id_forma_pago" bigint,
	"observaciones" text,
	"porc_retencion" numeric(5, 2) DEFAULT '0' NOT NULL,
	"periodicidad" text NOT NULL,
	"fecha_inicio" date NOT NULL,
	"proxima_fecha" date NOT NULL,
	"fecha_fin" date,
	"accion" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	"ultimo_periodo" date,
	"ultimo_error" text,
	"base_imponible" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plantillas_recurrentes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "plantillas_recurrentes_lineas" (
	"empresa_id" bigint NOT NULL,
	"id_plantilla" bigint NOT NULL,
	"orden" integer NOT NULL,
	"id_producto" bigint,
	"descripcion" text NOT NULL,
	"cantidad" numeric(16, 3) NOT NULL,
	"precio" numeric(18, 6) NOT NULL,
	"descuento" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" text NOT NULL,
	CONSTRAINT "plantillas_recurrentes_lineas_pk" PRIMARY KEY("empresa_id","id_plantilla","orden")
);
--> statement-breakpoint
CREATE TABLE "trabajos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"intervalo_segundos" integer NOT NULL,
	"proxima_ejecucion" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_ejecucion" timestamp with time zone,
	"ultima_duracion_ms" integer,
	"ultimo_resultado" text,
	"ultimo_error" text,
	"ejecuciones" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "correos_salida_adjuntos" ADD CONSTRAINT "correos_salida_adjuntos_correo_id_correos_salida_id_fk" FOREIGN KEY ("correo_id") REFERENCES "public"."correos_salida"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_recurrentes_generadas" ADD CONSTRAINT "facturas_recurrentes_generadas_plantilla_fk" FOREIGN KEY ("empresa_id","id_plantilla") REFERENCES "public"."plantillas_recurrentes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes" ADD CONSTRAINT "plantillas_recurrentes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes" ADD CONSTRAINT "plantillas_recurrentes_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes" ADD CONSTRAINT "plantillas_recurrentes_serie_fk" FOREIGN KEY ("empresa_id","id_serie") REFERENCES "public"."series"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes" ADD CONSTRAINT "plantillas_recurrentes_fpago_fk" FOREIGN KEY ("empresa_id","id_forma_pago") REFERENCES "public"."fpago"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_lineas" ADD CONSTRAINT "plantillas_recurrentes_lineas_plantilla_fk" FOREIGN KEY ("empresa_id","id_plantilla") REFERENCES "public"."plantillas_recurrentes"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facturas_recurrentes_generadas_factura_idx" ON "facturas_recurrentes_generadas" USING btree ("empresa_id","id_factura");--> statement-breakpoint
CREATE INDEX "plantillas_recurrentes_proxima_idx" ON "plantillas_recurrentes" USING btree ("empresa_id","baja","proxima_fecha");