CREATE TABLE "calexamenes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "calexamenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" date NOT NULL,
	"tipo_examen" text NOT NULL,
	"permiso" text,
	"jefatura_trafico" text,
	"id_examinador" bigint,
	"id_alumno" bigint NOT NULL,
	"asistencia" text NOT NULL,
	"confirmado" boolean DEFAULT false NOT NULL,
	"resultado" text,
	"observaciones" text,
	CONSTRAINT "calexamenes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "citasaues" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "citasaues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" date NOT NULL,
	"id_alumno" bigint NOT NULL,
	"tipo_examen" text NOT NULL,
	"permiso" text,
	"jefatura_trafico" text,
	"estado" text NOT NULL,
	"observaciones" text,
	CONSTRAINT "citasaues_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "confautoescuela" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "confautoescuela_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"jefatura_trafico" text NOT NULL,
	"minutos_clase" integer NOT NULL,
	"regla_no_presentado" text NOT NULL,
	"horas_aviso" integer,
	CONSTRAINT "confautoescuela_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "confavisos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "confavisos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evento" text NOT NULL,
	"canal" text NOT NULL,
	"dias_antes" integer NOT NULL,
	"texto" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "confavisos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "curpermisos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "curpermisos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"permiso" text NOT NULL,
	"horas_teoria" numeric(18, 1),
	"horas_practica" numeric(18, 1),
	"clases_pack" integer,
	"precio_pack" numeric(18, 2),
	"precio_clase" numeric(18, 2),
	"documentacion" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "curpermisos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "ejercicios" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ejercicios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"permiso" text NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ejercicios_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "instalaadr" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "instalaadr_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"direccion" text,
	"localidad" text,
	"plazas" integer,
	"autorizacion" text,
	"fecha_caducidad" date,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "instalaadr_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasasdgt" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tasasdgt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"codigo_tasa" text,
	"anio" integer NOT NULL,
	"importe" numeric(18, 2) NOT NULL,
	"justificante" text,
	"id_alumno" bigint,
	"consumo" text NOT NULL,
	"fecha" date NOT NULL,
	CONSTRAINT "tasasdgt_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehiculos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vehiculos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"matricula" text NOT NULL,
	"marca" text,
	"modelo" text,
	"permisos" text,
	"doble_mando" boolean DEFAULT false NOT NULL,
	"fecha_itv" date,
	"fecha_seguro" date,
	"kilometros" integer,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "vehiculos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "calexamenes" ADD CONSTRAINT "calexamenes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citasaues" ADD CONSTRAINT "citasaues_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confautoescuela" ADD CONSTRAINT "confautoescuela_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confavisos" ADD CONSTRAINT "confavisos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curpermisos" ADD CONSTRAINT "curpermisos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ejercicios" ADD CONSTRAINT "ejercicios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalaadr" ADD CONSTRAINT "instalaadr_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasasdgt" ADD CONSTRAINT "tasasdgt_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehiculos" ADD CONSTRAINT "vehiculos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calexamenes_orden_idx" ON "calexamenes" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "calexamenes_fecha_idx" ON "calexamenes" USING btree ("empresa_id","fecha");--> statement-breakpoint
CREATE INDEX "calexamenes_alumno_idx" ON "calexamenes" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "citasaues_orden_idx" ON "citasaues" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "citasaues_alumno_idx" ON "citasaues" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "confautoescuela_orden_idx" ON "confautoescuela" USING btree ("empresa_id","jefatura_trafico","id");--> statement-breakpoint
CREATE INDEX "confavisos_orden_idx" ON "confavisos" USING btree ("empresa_id","evento","id");--> statement-breakpoint
CREATE INDEX "curpermisos_orden_idx" ON "curpermisos" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "curpermisos_codigo_uq" ON "curpermisos" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "ejercicios_orden_idx" ON "ejercicios" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ejercicios_codigo_uq" ON "ejercicios" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "instalaadr_orden_idx" ON "instalaadr" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalaadr_codigo_uq" ON "instalaadr" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "tasasdgt_orden_idx" ON "tasasdgt" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasasdgt_justificante_uq" ON "tasasdgt" USING btree ("empresa_id","justificante");--> statement-breakpoint
CREATE INDEX "tasasdgt_alumno_idx" ON "tasasdgt" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "vehiculos_orden_idx" ON "vehiculos" USING btree ("empresa_id","matricula","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehiculos_matricula_uq" ON "vehiculos" USING btree ("empresa_id","matricula");