CREATE TABLE "errores_servidor" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "errores_servidor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"referencia" text NOT NULL,
	"metodo" text NOT NULL,
	"ruta" text NOT NULL,
	"url" text NOT NULL,
	"empresa" bigint,
	"persona" bigint,
	"user_name" text,
	"nombre" text NOT NULL,
	"mensaje" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "bloqueado_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "ultimo_fallo" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "errores_servidor_referencia_uq" ON "errores_servidor" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "errores_servidor_creado_idx" ON "errores_servidor" USING btree ("creado");