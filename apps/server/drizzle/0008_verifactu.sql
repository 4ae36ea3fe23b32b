CREATE TABLE "verifactu_cadena" (
	"empresa_id" bigint NOT NULL,
	"instalacion" text NOT NULL,
	"ultimo_id" bigint,
	"secuencia" integer DEFAULT 0 NOT NULL,
	"ultimo_registro" jsonb,
	CONSTRAINT "verifactu_cadena_pk" PRIMARY KEY("empresa_id","instalacion")
);
--> statement-breakpoint
CREATE TABLE "verifactu_cola" (
	"empresa_id" bigint NOT NULL,
	"id_registro" bigint NOT NULL,
	"estado" text DEFAULT 'generado' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"no_antes_de" bigint,
	"lote_maximo" integer,
	"retrasado" boolean DEFAULT false NOT NULL,
	"codigo_error" integer,
	"descripcion_error" text,
	"csv" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_cola_pk" PRIMARY KEY("empresa_id","id_registro")
);
--> statement-breakpoint
CREATE TABLE "verifactu_config" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"productor_nombre" text,
	"productor_nif" text,
	"nombre_sistema" text,
	"id_sistema" text,
	"version" text,
	"numero_instalacion" text,
	"entorno" text DEFAULT 'pruebas' NOT NULL,
	"envio_aeat" boolean DEFAULT false NOT NULL,
	"url" text,
	"certificado" text,
	"certificado_clave" text,
	"certificado_nombre" text,
	"certificado_subido" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifactu_envio" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"estado" jsonb NOT NULL,
	"bloqueado_por" text,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_envio" timestamp with time zone,
	"ultimo_resultado" jsonb
);
--> statement-breakpoint
CREATE TABLE "verifactu_registros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "verifactu_registros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instalacion" text NOT NULL,
	"secuencia" integer NOT NULL,
	"clase" text NOT NULL,
	"id_documento" bigint,
	"num_serie_factura" text NOT NULL,
	"fecha_expedicion" text NOT NULL,
	"tipo_factura" text,
	"cuota_total" text,
	"importe_total" text,
	"huella" text NOT NULL,
	"huella_anterior" text,
	"fecha_hora_huso" text NOT NULL,
	"registro" jsonb NOT NULL,
	"url_qr" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_registros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "verifactu_cadena" ADD CONSTRAINT "verifactu_cadena_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_cola" ADD CONSTRAINT "verifactu_cola_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_config" ADD CONSTRAINT "verifactu_config_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_envio" ADD CONSTRAINT "verifactu_envio_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_registros" ADD CONSTRAINT "verifactu_registros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifactu_cola_estado_idx" ON "verifactu_cola" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_registros_secuencia_uq" ON "verifactu_registros" USING btree ("empresa_id","instalacion","secuencia");--> statement-breakpoint
CREATE INDEX "verifactu_registros_documento_idx" ON "verifactu_registros" USING btree ("empresa_id","id_documento");