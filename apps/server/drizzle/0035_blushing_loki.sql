CREATE TABLE "suscripciones_facturas" (
	"empresa_id" bigint NOT NULL,
	"periodo" text NOT NULL,
	"plan" text NOT NULL,
	"id_emisora" bigint NOT NULL,
	"id_factura" bigint NOT NULL,
	"num_serie" text,
	"total" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suscripciones_facturas_pk" PRIMARY KEY("empresa_id","periodo")
);
--> statement-breakpoint
ALTER TABLE "suscripciones_facturas" ADD CONSTRAINT "suscripciones_facturas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones_facturas" ADD CONSTRAINT "suscripciones_facturas_id_emisora_empresas_id_fk" FOREIGN KEY ("id_emisora") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;