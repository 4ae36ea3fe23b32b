CREATE TABLE "matriculas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "matriculas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"id_persona_alumno" bigint NOT NULL,
	"cod_alumno" text NOT NULL,
	"descripcion" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "matriculas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tutores_alumnos" (
	"empresa_id" bigint NOT NULL,
	"id_persona_tutor" bigint NOT NULL,
	"id_persona_alumno" bigint NOT NULL,
	CONSTRAINT "tutores_alumnos_pk" PRIMARY KEY("empresa_id","id_persona_tutor","id_persona_alumno")
);
--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_alumno_fk" FOREIGN KEY ("empresa_id","id_persona_alumno") REFERENCES "public"."miembros"("empresa_id","persona_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutores_alumnos" ADD CONSTRAINT "tutores_alumnos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutores_alumnos" ADD CONSTRAINT "tutores_alumnos_tutor_fk" FOREIGN KEY ("empresa_id","id_persona_tutor") REFERENCES "public"."miembros"("empresa_id","persona_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutores_alumnos" ADD CONSTRAINT "tutores_alumnos_alumno_fk" FOREIGN KEY ("empresa_id","id_persona_alumno") REFERENCES "public"."miembros"("empresa_id","persona_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matriculas_codigo_uq" ON "matriculas" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "matriculas_alumno_idx" ON "matriculas" USING btree ("empresa_id","id_persona_alumno");