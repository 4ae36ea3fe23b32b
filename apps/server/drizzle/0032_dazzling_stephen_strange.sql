CREATE TABLE "aues_config" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"usuario" text NOT NULL,
	"clave" text,
	"codigo_autoescuela" text NOT NULL,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos_autoescuela" (
	"empresa_id" bigint NOT NULL,
	"clave" text NOT NULL,
	"evento" text NOT NULL,
	"id_aviso" bigint NOT NULL,
	"id_alumno" bigint NOT NULL,
	"id_campana" bigint,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avisos_autoescuela_pk" PRIMARY KEY("empresa_id","clave")
);
--> statement-breakpoint
ALTER TABLE "mk_mensajes" ADD COLUMN "texto" text;--> statement-breakpoint
ALTER TABLE "citasaues" ADD COLUMN "hora" text;--> statement-breakpoint
ALTER TABLE "citasaues" ADD COLUMN "referencia" text;--> statement-breakpoint
ALTER TABLE "citasaues" ADD COLUMN "respuesta" text;--> statement-breakpoint
ALTER TABLE "confautoescuela" ADD COLUMN "minimo_clases" integer;--> statement-breakpoint
ALTER TABLE "aues_config" ADD CONSTRAINT "aues_config_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_autoescuela" ADD CONSTRAINT "avisos_autoescuela_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avisos_autoescuela_alumno_idx" ON "avisos_autoescuela" USING btree ("empresa_id","id_alumno");