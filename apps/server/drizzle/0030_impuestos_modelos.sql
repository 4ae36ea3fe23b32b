CREATE TABLE "modelos_presentados" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "modelos_presentados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"modelo" text NOT NULL,
	"anyo" integer NOT NULL,
	"periodo" text NOT NULL,
	"tipo" text DEFAULT 'normal' NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"fecha_presentacion" date,
	"justificante" text,
	"id_anterior" bigint,
	"ajustes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"casillas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tipo_declaracion" text,
	"resultado" numeric(16, 2) DEFAULT '0' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelos_presentados_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "modelos_presentados" ADD CONSTRAINT "modelos_presentados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelos_presentados_periodo_idx" ON "modelos_presentados" USING btree ("empresa_id","modelo","anyo","periodo");