CREATE TABLE "series_contadores" (
	"empresa_id" bigint NOT NULL,
	"serie_id" bigint NOT NULL,
	"anyo" integer NOT NULL,
	"siguiente" integer DEFAULT 1 NOT NULL,
	"ultima_fecha" date,
	CONSTRAINT "series_contadores_pk" PRIMARY KEY("empresa_id","serie_id","anyo")
);
--> statement-breakpoint
ALTER TABLE "series_contadores" ADD CONSTRAINT "series_contadores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_contadores" ADD CONSTRAINT "series_contadores_serie_fk" FOREIGN KEY ("empresa_id","serie_id") REFERENCES "public"."series"("empresa_id","id") ON DELETE no action ON UPDATE no action;