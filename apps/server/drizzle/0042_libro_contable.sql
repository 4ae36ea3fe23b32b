CREATE TABLE "apuntes_contables" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "apuntes_contables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_asiento" bigint NOT NULL,
	"orden" integer NOT NULL,
	"ejercicio" integer NOT NULL,
	"fecha" date NOT NULL,
	"subcuenta" text NOT NULL,
	"contrapartida" text DEFAULT '' NOT NULL,
	"concepto" text NOT NULL,
	"debe" bigint DEFAULT 0 NOT NULL,
	"haber" bigint DEFAULT 0 NOT NULL,
	"documento" text DEFAULT '' NOT NULL,
	"base_imponible" numeric(16, 2),
	"porc_iva" numeric(5, 2),
	"porc_recargo" numeric(5, 2),
	CONSTRAINT "apuntes_contables_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "asientos_contables" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "asientos_contables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ejercicio" integer NOT NULL,
	"numero" integer NOT NULL,
	"fecha" date NOT NULL,
	"concepto" text NOT NULL,
	"tipo" text NOT NULL,
	"origen" text NOT NULL,
	"id_origen" bigint,
	"documento" text DEFAULT '' NOT NULL,
	"id_revertido" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asientos_contables_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "cuentas_contables" (
	"empresa_id" bigint NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"nivel" text NOT NULL,
	"nif" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cuentas_contables_pk" PRIMARY KEY("empresa_id","codigo")
);
--> statement-breakpoint
CREATE TABLE "ejercicios_contables" (
	"empresa_id" bigint NOT NULL,
	"ejercicio" integer NOT NULL,
	"cerrado" boolean DEFAULT false NOT NULL,
	"cerrado_en" timestamp with time zone,
	CONSTRAINT "ejercicios_contables_pk" PRIMARY KEY("empresa_id","ejercicio")
);
--> statement-breakpoint
ALTER TABLE "apuntes_contables" ADD CONSTRAINT "apuntes_contables_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apuntes_contables" ADD CONSTRAINT "apuntes_contables_asiento_fk" FOREIGN KEY ("empresa_id","id_asiento") REFERENCES "public"."asientos_contables"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asientos_contables" ADD CONSTRAINT "asientos_contables_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_contables" ADD CONSTRAINT "cuentas_contables_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ejercicios_contables" ADD CONSTRAINT "ejercicios_contables_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apuntes_contables_asiento_idx" ON "apuntes_contables" USING btree ("empresa_id","id_asiento","orden");--> statement-breakpoint
CREATE INDEX "apuntes_contables_cuenta_idx" ON "apuntes_contables" USING btree ("empresa_id","ejercicio","subcuenta","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "asientos_contables_numero_uq" ON "asientos_contables" USING btree ("empresa_id","ejercicio","numero");--> statement-breakpoint
CREATE INDEX "asientos_contables_origen_idx" ON "asientos_contables" USING btree ("empresa_id","origen","id_origen");--> statement-breakpoint
CREATE INDEX "asientos_contables_fecha_idx" ON "asientos_contables" USING btree ("empresa_id","fecha","id");