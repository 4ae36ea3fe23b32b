CREATE TABLE "contratos_servicio" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contratos_servicio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"plan" text NOT NULL,
	"email" text NOT NULL,
	"otp_hash" text,
	"otp_expira" timestamp with time zone,
	"otp_fallos" integer DEFAULT 0 NOT NULL,
	"token_hash" text NOT NULL,
	"firmante" text,
	"firmado" timestamp with time zone,
	"ip" text,
	"agente_usuario" text,
	"pdf" "bytea",
	"hash" text,
	"enviado" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_servicio_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "contratos_servicio" ADD CONSTRAINT "contratos_servicio_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contratos_servicio_token_idx" ON "contratos_servicio" USING btree ("empresa_id","token_hash");