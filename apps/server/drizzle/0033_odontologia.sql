CREATE TABLE "citas_dentales" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "citas_dentales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"id_dentista" bigint NOT NULL,
	"id_sillon" bigint NOT NULL,
	"fecha" date NOT NULL,
	"hora" text NOT NULL,
	"minutos" integer NOT NULL,
	"motivo" text,
	"estado" text DEFAULT 'programada' NOT NULL,
	"id_actividad" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citas_dentales_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "consentimientos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "consentimientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"id_fichero" bigint,
	"observaciones" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimientos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "historia_entradas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "historia_entradas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"fecha" date NOT NULL,
	"texto" text NOT NULL,
	"id_dentista" bigint,
	"id_persona" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historia_entradas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "historias_clinicas" (
	"empresa_id" bigint NOT NULL,
	"id_cliente" bigint NOT NULL,
	"alergias" text,
	"enfermedades" text,
	"medicacion" text,
	"notas" text,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historias_clinicas_pk" PRIMARY KEY("empresa_id","id_cliente")
);
--> statement-breakpoint
CREATE TABLE "odontograma_marcas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "odontograma_marcas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"pieza" integer,
	"caras" text DEFAULT '' NOT NULL,
	"id_producto" bigint,
	"descripcion" text NOT NULL,
	"estado" text DEFAULT 'planificado' NOT NULL,
	"fecha" date,
	"id_dentista" bigint,
	"id_plan" bigint,
	"precio" numeric(18, 2),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "odontograma_marcas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "planes_tratamiento" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "planes_tratamiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"id_presupuesto" bigint NOT NULL,
	"fecha" date NOT NULL,
	"fecha_aceptacion" date,
	"id_dentista" bigint,
	"observaciones" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planes_tratamiento_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "sillones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sillones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"gabinete" text,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sillones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "citas_dentales" ADD CONSTRAINT "citas_dentales_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas_dentales" ADD CONSTRAINT "citas_dentales_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas_dentales" ADD CONSTRAINT "citas_dentales_dentista_fk" FOREIGN KEY ("empresa_id","id_dentista") REFERENCES "public"."empleados"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas_dentales" ADD CONSTRAINT "citas_dentales_sillon_fk" FOREIGN KEY ("empresa_id","id_sillon") REFERENCES "public"."sillones"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historia_entradas" ADD CONSTRAINT "historia_entradas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historia_entradas" ADD CONSTRAINT "historia_entradas_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas" ADD CONSTRAINT "historias_clinicas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas" ADD CONSTRAINT "historias_clinicas_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odontograma_marcas" ADD CONSTRAINT "odontograma_marcas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odontograma_marcas" ADD CONSTRAINT "odontograma_marcas_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odontograma_marcas" ADD CONSTRAINT "odontograma_marcas_plan_fk" FOREIGN KEY ("empresa_id","id_plan") REFERENCES "public"."planes_tratamiento"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tratamiento" ADD CONSTRAINT "planes_tratamiento_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_tratamiento" ADD CONSTRAINT "planes_tratamiento_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sillones" ADD CONSTRAINT "sillones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citas_dentales_dia_idx" ON "citas_dentales" USING btree ("empresa_id","fecha","id_dentista");--> statement-breakpoint
CREATE INDEX "consentimientos_cliente_idx" ON "consentimientos" USING btree ("empresa_id","id_cliente");--> statement-breakpoint
CREATE INDEX "historia_entradas_cliente_idx" ON "historia_entradas" USING btree ("empresa_id","id_cliente","fecha");--> statement-breakpoint
CREATE INDEX "odontograma_marcas_cliente_idx" ON "odontograma_marcas" USING btree ("empresa_id","id_cliente","pieza");--> statement-breakpoint
CREATE INDEX "odontograma_marcas_plan_idx" ON "odontograma_marcas" USING btree ("empresa_id","id_plan");--> statement-breakpoint
CREATE INDEX "planes_tratamiento_cliente_idx" ON "planes_tratamiento" USING btree ("empresa_id","id_cliente");--> statement-breakpoint
CREATE INDEX "sillones_orden_idx" ON "sillones" USING btree ("empresa_id","nombre","id");