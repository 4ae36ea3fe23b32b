CREATE TABLE "inmovilizado" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inmovilizado_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"grupo" text NOT NULL,
	"fecha_compra" date,
	"fecha_inicio" date NOT NULL,
	"coste" bigint NOT NULL,
	"valor_residual" bigint DEFAULT 0 NOT NULL,
	"coeficiente" numeric(5, 2),
	"vida_util" numeric(5, 2),
	"amortizado_hasta" date,
	"cuenta_activo" text NOT NULL,
	"cuenta_amortizacion" text NOT NULL,
	"cuenta_gasto" text NOT NULL,
	"id_factura_compra" bigint,
	"notas" text DEFAULT '' NOT NULL,
	"fecha_baja" date,
	"precio_baja" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inmovilizado_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "inmovilizado" ADD CONSTRAINT "inmovilizado_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inmovilizado_codigo_uq" ON "inmovilizado" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "inmovilizado_factura_idx" ON "inmovilizado" USING btree ("empresa_id","id_factura_compra");