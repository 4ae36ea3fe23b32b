CREATE TABLE "efactura_config" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"canal_defecto" text DEFAULT 'pdf_email' NOT NULL,
	"url_spfe" text,
	"url_peppol" text,
	"url_face" text,
	"inicio_efactura" date,
	"estado" jsonb,
	"bloqueado_por" text,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_envio" timestamp with time zone,
	"ultimo_resultado" jsonb,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efactura_envios" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "efactura_envios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_documento" bigint NOT NULL,
	"canal" text NOT NULL,
	"con_pdf" boolean DEFAULT false NOT NULL,
	"lote_maximo" integer,
	"numero_registro" text,
	"codigo_error" text,
	"respuesta" jsonb,
	"estado_cliente" text,
	"fecha_estado_cliente" date,
	"motivo_estado_cliente" text,
	"consultado" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" text DEFAULT 'generado' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"no_antes_de" bigint,
	"descripcion_error" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "efactura_envios_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "canal_efactura" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "peppol_id" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "dir3_oficina_contable" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "dir3_organo_gestor" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "dir3_unidad_tramitadora" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "efactura_sin_pdf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "efactura_config" ADD CONSTRAINT "efactura_config_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_envios" ADD CONSTRAINT "efactura_envios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "efactura_envios_estado_idx" ON "efactura_envios" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_envios_documento_uq" ON "efactura_envios" USING btree ("empresa_id","id_documento","canal");