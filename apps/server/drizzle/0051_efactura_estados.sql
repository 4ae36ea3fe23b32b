CREATE TABLE "efactura_estados" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "efactura_estados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_documento" bigint NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text,
	"detalle" text,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2),
	"autor" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"numero_registro" text,
	"codigo_error" text,
	"estado" text DEFAULT 'generado' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"no_antes_de" bigint,
	"descripcion_error" text,
	"enviado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "efactura_estados_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "efactura_estados_envio" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"bloqueado_por" text,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_envio" timestamp with time zone,
	"ultimo_resultado" jsonb
);
--> statement-breakpoint
CREATE TABLE "efactura_recibidas" (
	"empresa_id" bigint NOT NULL,
	"id_documento" bigint NOT NULL,
	"recibida" timestamp with time zone DEFAULT now() NOT NULL,
	"formato" text NOT NULL,
	"origen" text DEFAULT 'fichero' NOT NULL,
	CONSTRAINT "efactura_recibidas_pk" PRIMARY KEY("empresa_id","id_documento")
);
--> statement-breakpoint
ALTER TABLE "efactura_estados" ADD CONSTRAINT "efactura_estados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_estados_envio" ADD CONSTRAINT "efactura_estados_envio_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_recibidas" ADD CONSTRAINT "efactura_recibidas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "efactura_estados_estado_idx" ON "efactura_estados" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE INDEX "efactura_estados_documento_idx" ON "efactura_estados" USING btree ("empresa_id","id_documento");