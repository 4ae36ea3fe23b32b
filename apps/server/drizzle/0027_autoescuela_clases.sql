CREATE TABLE "clases_practicas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clases_practicas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_profesor" bigint NOT NULL,
	"id_vehiculo" bigint,
	"id_alumno" bigint NOT NULL,
	"fecha" date NOT NULL,
	"hora" text NOT NULL,
	"minutos" integer NOT NULL,
	"recogida" text,
	"estado" text DEFAULT 'reservada' NOT NULL,
	"consumo" text DEFAULT 's' NOT NULL,
	"no_presentado" boolean DEFAULT false NOT NULL,
	"id_cargo" bigint,
	"ejercicios" text,
	"observaciones" text,
	"confirmada_en" timestamp with time zone,
	CONSTRAINT "clases_practicas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "packs_clases" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "packs_clases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_alumno" bigint NOT NULL,
	"id_curpermiso" bigint,
	"clases" integer NOT NULL,
	"precio_clase" numeric(18, 2),
	"importe" numeric(18, 2) NOT NULL,
	"fecha" date NOT NULL,
	"id_cargo" bigint,
	CONSTRAINT "packs_clases_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "calexamenes" ADD COLUMN "id_profesor" bigint;--> statement-breakpoint
ALTER TABLE "tasasdgt" ADD COLUMN "id_cargo" integer;--> statement-breakpoint
ALTER TABLE "clases_practicas" ADD CONSTRAINT "clases_practicas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clases_practicas" ADD CONSTRAINT "clases_practicas_profesor_fk" FOREIGN KEY ("empresa_id","id_profesor") REFERENCES "public"."profesores"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clases_practicas" ADD CONSTRAINT "clases_practicas_alumno_fk" FOREIGN KEY ("empresa_id","id_alumno") REFERENCES "public"."alumnos"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clases_practicas" ADD CONSTRAINT "clases_practicas_vehiculo_fk" FOREIGN KEY ("empresa_id","id_vehiculo") REFERENCES "public"."vehiculos"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs_clases" ADD CONSTRAINT "packs_clases_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs_clases" ADD CONSTRAINT "packs_clases_alumno_fk" FOREIGN KEY ("empresa_id","id_alumno") REFERENCES "public"."alumnos"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clases_practicas_profesor_idx" ON "clases_practicas" USING btree ("empresa_id","fecha","id_profesor");--> statement-breakpoint
CREATE INDEX "clases_practicas_vehiculo_idx" ON "clases_practicas" USING btree ("empresa_id","id_vehiculo","fecha");--> statement-breakpoint
CREATE INDEX "clases_practicas_alumno_idx" ON "clases_practicas" USING btree ("empresa_id","id_alumno","fecha");--> statement-breakpoint
CREATE INDEX "packs_clases_alumno_idx" ON "packs_clases" USING btree ("empresa_id","id_alumno","fecha");