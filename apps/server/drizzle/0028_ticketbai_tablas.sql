CREATE TABLE "lroe_recibidas" (
	"empresa_id" bigint NOT NULL,
	"id_documento" bigint NOT NULL,
	"estado" text DEFAULT 'generado' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"no_antes_de" bigint,
	"codigo_error" text,
	"descripcion_error" text,
	"numero_registro" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lroe_recibidas_pk" PRIMARY KEY("empresa_id","id_documento")
);
--> statement-breakpoint
CREATE TABLE "ticketbai_cadena" (
	"empresa_id" bigint NOT NULL,
	"serie" text NOT NULL,
	"secuencia" integer DEFAULT 0 NOT NULL,
	"ultimo_id" bigint,
	"ultimo_numero" text,
	"ultima_fecha" text,
	"ultima_firma" text,
	CONSTRAINT "ticketbai_cadena_pk" PRIMARY KEY("empresa_id","serie")
);
--> statement-breakpoint
CREATE TABLE "ticketbai_cola" (
	"empresa_id" bigint NOT NULL,
	"id_registro" bigint NOT NULL,
	"estado" text DEFAULT 'generado' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"no_antes_de" bigint,
	"codigo_error" text,
	"descripcion_error" text,
	"numero_registro" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketbai_cola_pk" PRIMARY KEY("empresa_id","id_registro")
);
--> statement-breakpoint
CREATE TABLE "ticketbai_config" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"licencia" text,
	"nif_desarrollador" text,
	"nombre_software" text,
	"version" text,
	"dispositivo" text,
	"entorno" text DEFAULT 'pruebas' NOT NULL,
	"envio_real" boolean DEFAULT false NOT NULL,
	"url" text,
	"modelo_lroe" text DEFAULT '240' NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticketbai_envio" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"bloqueado_por" text,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_envio" timestamp with time zone,
	"ultimo_resultado" jsonb
);
--> statement-breakpoint
CREATE TABLE "ticketbai_registros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ticketbai_registros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clase" text NOT NULL,
	"provincia" text NOT NULL,
	"id_documento" bigint,
	"serie" text NOT NULL,
	"numero" text NOT NULL,
	"fecha" text NOT NULL,
	"secuencia" integer,
	"identificador" text,
	"signature_value" text NOT NULL,
	"firma_anterior" text,
	"importe_total" text,
	"url_qr" text,
	"xml" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketbai_registros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "lroe_recibidas" ADD CONSTRAINT "lroe_recibidas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketbai_cadena" ADD CONSTRAINT "ticketbai_cadena_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketbai_cola" ADD CONSTRAINT "ticketbai_cola_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketbai_config" ADD CONSTRAINT "ticketbai_config_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketbai_envio" ADD CONSTRAINT "ticketbai_envio_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketbai_registros" ADD CONSTRAINT "ticketbai_registros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lroe_recibidas_estado_idx" ON "lroe_recibidas" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE INDEX "ticketbai_cola_estado_idx" ON "ticketbai_cola" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "ticketbai_registros_secuencia_uq" ON "ticketbai_registros" USING btree ("empresa_id","serie","secuencia");--> statement-breakpoint
CREATE INDEX "ticketbai_registros_documento_idx" ON "ticketbai_registros" USING btree ("empresa_id","id_documento");