CREATE TABLE "limites_acceso" (
	"clave" text PRIMARY KEY NOT NULL,
	"marcas" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" bigint,
	"bloqueado_hasta" bigint,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limites_acceso_actualizado_idx" ON "limites_acceso" USING btree ("actualizado");