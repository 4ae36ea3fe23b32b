CREATE TABLE "efactura_buzones" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efactura_correos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "efactura_correos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"remitente" text NOT NULL,
	"asunto" text,
	"id_mensaje" text,
	"texto" text,
	"resultados" jsonb NOT NULL,
	CONSTRAINT "efactura_correos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "efactura_buzones" ADD CONSTRAINT "efactura_buzones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_correos" ADD CONSTRAINT "efactura_correos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "efactura_buzones_token_idx" ON "efactura_buzones" USING btree ("token");--> statement-breakpoint
CREATE INDEX "efactura_correos_recibido_idx" ON "efactura_correos" USING btree ("empresa_id","recibido");