CREATE TABLE "examinadores" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "examinadores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"jefatura_trafico" text NOT NULL,
	"telefono" text,
	"email" text,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "examinadores_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "examinadores" ADD CONSTRAINT "examinadores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "examinadores_orden_idx" ON "examinadores" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "examinadores_codigo_uq" ON "examinadores" USING btree ("empresa_id","codigo");