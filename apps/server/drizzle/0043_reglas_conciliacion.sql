CREATE TABLE "reglas_conciliacion" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reglas_conciliacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"texto" text NOT NULL,
	"id_concepto" bigint NOT NULL,
	"descripcion" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reglas_conciliacion_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD CONSTRAINT "reglas_conciliacion_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_conciliacion" ADD CONSTRAINT "reglas_conciliacion_concepto_fk" FOREIGN KEY ("empresa_id","id_concepto") REFERENCES "public"."conceptosmovs"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reglas_conciliacion_texto_uq" ON "reglas_conciliacion" USING btree ("empresa_id",lower("texto"));