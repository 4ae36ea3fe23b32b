CREATE TABLE "altas_alumno" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "altas_alumno_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"token_hash" text NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_en" timestamp with time zone,
	CONSTRAINT "altas_alumno_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "alumnos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alumnos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cod_matricula" text,
	"cod_alumno" text,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"nif" text,
	"fecha_nacimiento" date,
	"genero" text,
	"nivel_estudios" text,
	"email" text,
	"telefono" text,
	"direccion" text,
	"foto" text,
	"id_tutor" bigint,
	"id_tutor2" bigint,
	"paga_tutor" boolean DEFAULT false NOT NULL,
	"iban" text,
	"fecha_mandato" date,
	"id_cliente" bigint,
	"notas_medicas" text,
	"consentimiento_rgpd" boolean DEFAULT false NOT NULL,
	"consentimiento_imagen" boolean DEFAULT false NOT NULL,
	"estado" text NOT NULL,
	"fecha_alta" date,
	"fecha_baja" date,
	"id_persona" integer,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "alumnos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "asistencias" (
	"empresa_id" bigint NOT NULL,
	"id_sesion" bigint NOT NULL,
	"fecha" text NOT NULL,
	"id_alumno" bigint NOT NULL,
	"estado" text NOT NULL,
	"anotada_por" text,
	"anotada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asistencias_pk" PRIMARY KEY("empresa_id","id_sesion","fecha","id_alumno")
);
--> statement-breakpoint
CREATE TABLE "aulas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "aulas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"capacidad" integer NOT NULL,
	"observaciones" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "aulas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "autorizados" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "autorizados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_alumno" bigint NOT NULL,
	"nombre" text NOT NULL,
	"nif" text,
	"parentesco" text,
	"telefono" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "autorizados_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_alumno" bigint NOT NULL,
	"fecha" date NOT NULL,
	"modo" text NOT NULL,
	"concepto" text NOT NULL,
	"id_opcion" bigint,
	"importe" numeric(18, 2) NOT NULL,
	"tipo_iva" text NOT NULL,
	"periodo" text,
	"id_cursando" bigint,
	"id_factura" integer,
	CONSTRAINT "cargos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "contadores_academia" (
	"empresa_id" bigint NOT NULL,
	"clave" text NOT NULL,
	"valor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contadores_academia_pk" PRIMARY KEY("empresa_id","clave")
);
--> statement-breakpoint
CREATE TABLE "cursando" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cursando_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_alumno" bigint NOT NULL,
	"id_curso" bigint NOT NULL,
	"grupo" text,
	"id_tarifa" bigint,
	"cuota" numeric(18, 2),
	"prorratear" boolean DEFAULT false NOT NULL,
	"fecha_alta" date NOT NULL,
	"fecha_baja" date,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cursando_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "cursos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cursos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"tipo_clase" text NOT NULL,
	"horas" numeric(18, 2),
	"fecha_inicio" date,
	"fecha_fin" date,
	"capacidad" integer,
	"id_profesor" bigint,
	"id_aula" bigint,
	"cuota_mensual" numeric(18, 2),
	"tipo_iva" text,
	"calculo_evaluacion" text,
	"publicar_online" boolean DEFAULT false NOT NULL,
	"descripcion" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cursos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "diascierre" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "diascierre_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" date NOT NULL,
	"descripcion" text NOT NULL,
	CONSTRAINT "diascierre_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "evaluaciones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "evaluaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_curso" bigint NOT NULL,
	"trimestre" integer NOT NULL,
	"nombre" text NOT NULL,
	"peso" numeric(18, 2) NOT NULL,
	CONSTRAINT "evaluaciones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "horarios" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "horarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_curso" bigint NOT NULL,
	"grupo" text,
	"dia_semana" text NOT NULL,
	"hora_inicio" text NOT NULL,
	"hora_fin" text NOT NULL,
	"id_profesor" bigint,
	"id_aula" bigint,
	CONSTRAINT "horarios_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "matriculasonline" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "matriculasonline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" date,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"nif" text,
	"fecha_nacimiento" date,
	"email" text NOT NULL,
	"telefono" text,
	"id_curso" bigint NOT NULL,
	"nombre_tutor" text,
	"email_tutor" text,
	"telefono_tutor" text,
	"iban" text,
	"estado" text,
	"mensaje" text,
	"id_alumno" bigint,
	CONSTRAINT "matriculasonline_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "notas" (
	"empresa_id" bigint NOT NULL,
	"id_evaluacion" bigint NOT NULL,
	"id_alumno" bigint NOT NULL,
	"nota" numeric(5, 2),
	CONSTRAINT "notas_pk" PRIMARY KEY("empresa_id","id_evaluacion","id_alumno")
);
--> statement-breakpoint
CREATE TABLE "notas_finales" (
	"empresa_id" bigint NOT NULL,
	"id_curso" bigint NOT NULL,
	"id_alumno" bigint NOT NULL,
	"trimestre" integer NOT NULL,
	"nota" numeric(5, 2),
	CONSTRAINT "notas_finales_pk" PRIMARY KEY("empresa_id","id_curso","id_alumno","trimestre")
);
--> statement-breakpoint
CREATE TABLE "opciones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "opciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"precio" numeric(18, 2) NOT NULL,
	"tipo_iva" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "opciones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "profesores" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "profesores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text,
	"nombre" text NOT NULL,
	"apellidos" text,
	"nif" text,
	"email" text,
	"telefono" text,
	"materias" text,
	"disponibilidad" text,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "profesores_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tarifascurso" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tarifascurso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"id_curso" bigint NOT NULL,
	"tipo" text NOT NULL,
	"importe" numeric(18, 2) NOT NULL,
	"descuento_hermanos" numeric(7, 2),
	"descuento_varios_cursos" numeric(7, 2),
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tarifascurso_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "tutores" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tutores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"apellidos" text,
	"tipo" text NOT NULL,
	"nif" text,
	"email" text,
	"telefono" text,
	"direccion" text,
	"iban" text,
	"acceso_portal" boolean DEFAULT false NOT NULL,
	"id_persona" integer,
	"id_cliente" bigint,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tutores_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "ausencias" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ausencias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_empleado" bigint NOT NULL,
	"id_sit_laboral" bigint NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"estado" text NOT NULL,
	"motivo" text,
	"observaciones" text,
	CONSTRAINT "ausencias_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "festivos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "festivos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" date NOT NULL,
	"descripcion" text NOT NULL,
	"id_centro" bigint,
	CONSTRAINT "festivos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "reglascomision" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reglascomision_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_comercial" bigint NOT NULL,
	"descripcion" text,
	"id_familia" bigint,
	"id_producto" bigint,
	"porcentaje" numeric(7, 2) NOT NULL,
	"base" text NOT NULL,
	CONSTRAINT "reglascomision_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "fichajes_aceptaciones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fichajes_aceptaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"persona_id" bigint NOT NULL,
	"mes" text NOT NULL,
	"trabajados" bigint NOT NULL,
	"huella" text NOT NULL,
	"aceptada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "fichajes_aceptaciones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "fichajes_correcciones" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fichajes_correcciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"persona_id" bigint NOT NULL,
	"fichaje_id" bigint,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"motivo_pausa" text,
	"motivo" text NOT NULL,
	"propuesta_por" text NOT NULL,
	"proponente_id" bigint NOT NULL,
	"propuesta_en" timestamp with time zone DEFAULT now() NOT NULL,
	"situacion" text DEFAULT 'pendiente' NOT NULL,
	"resolutor_id" bigint,
	"resuelta_en" timestamp with time zone,
	"respuesta" text,
	"fichaje_nuevo_id" bigint,
	CONSTRAINT "fichajes_correcciones_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "fichajes_pines" (
	"empresa_id" bigint NOT NULL,
	"persona_id" bigint NOT NULL,
	"pin_hash" text NOT NULL,
	"fallos" bigint DEFAULT 0 NOT NULL,
	"cambiado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fichajes_pines_pk" PRIMARY KEY("empresa_id","persona_id")
);
--> statement-breakpoint
CREATE TABLE "inspeccion_accesos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inspeccion_accesos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enlace_id" bigint NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"accion" text NOT NULL,
	"ip" text,
	"agente" text,
	"resultado" text NOT NULL,
	CONSTRAINT "inspeccion_accesos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "inspeccion_enlaces" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inspeccion_enlaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"destinatario" text NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"persona_id" bigint,
	"caduca" timestamp with time zone NOT NULL,
	"secreto_hash" text NOT NULL,
	"creador_id" bigint NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"revocado" timestamp with time zone,
	CONSTRAINT "inspeccion_enlaces_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "datos_compra" (
	"empresa_id" bigint NOT NULL,
	"id_documento" bigint NOT NULL,
	"fecha_contable" date,
	"fecha_deduccion" date,
	"operacion" text DEFAULT 'interior' NOT NULL,
	"dua" text,
	"porc_no_deducible" numeric(5, 2) DEFAULT '0' NOT NULL,
	"porc_autoliquidacion" numeric(5, 2),
	"clave_retencion" text,
	"base_papel" numeric(16, 2),
	"iva_papel" numeric(16, 2),
	"total_papel" numeric(16, 2),
	"aceptar_diferencia" boolean DEFAULT false NOT NULL,
	"sin_lineas" boolean DEFAULT false NOT NULL,
	"nombre_libre" text,
	"concepto" text,
	"categoria" text,
	"id_fichero" bigint,
	CONSTRAINT "datos_compra_pk" PRIMARY KEY("empresa_id","id_documento")
);
--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "registrado" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "dispositivo" text;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "huella" text;--> statement-breakpoint
ALTER TABLE "fichajes" ADD COLUMN "huella_anterior" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "id_empleado" bigint;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "fecha_inicio" date;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "fecha_fin" date;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "periodo_prueba" integer;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "dias_semana" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "hora_entrada" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "hora_salida" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "turno" text;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "limite_extra_mes" integer;--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "salario_bruto" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "empleados" ADD COLUMN "departamento" text;--> statement-breakpoint
ALTER TABLE "altas_alumno" ADD CONSTRAINT "altas_alumno_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumnos" ADD CONSTRAINT "alumnos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asistencias" ADD CONSTRAINT "asistencias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aulas" ADD CONSTRAINT "aulas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizados" ADD CONSTRAINT "autorizados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contadores_academia" ADD CONSTRAINT "contadores_academia_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursando" ADD CONSTRAINT "cursando_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursos" ADD CONSTRAINT "cursos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diascierre" ADD CONSTRAINT "diascierre_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluaciones" ADD CONSTRAINT "evaluaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios" ADD CONSTRAINT "horarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculasonline" ADD CONSTRAINT "matriculasonline_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_finales" ADD CONSTRAINT "notas_finales_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opciones" ADD CONSTRAINT "opciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesores" ADD CONSTRAINT "profesores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifascurso" ADD CONSTRAINT "tarifascurso_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutores" ADD CONSTRAINT "tutores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausencias" ADD CONSTRAINT "ausencias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festivos" ADD CONSTRAINT "festivos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglascomision" ADD CONSTRAINT "reglascomision_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_aceptaciones" ADD CONSTRAINT "fichajes_aceptaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_aceptaciones" ADD CONSTRAINT "fichajes_aceptaciones_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_correcciones" ADD CONSTRAINT "fichajes_correcciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_correcciones" ADD CONSTRAINT "fichajes_correcciones_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_correcciones" ADD CONSTRAINT "fichajes_correcciones_proponente_id_personas_id_fk" FOREIGN KEY ("proponente_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_correcciones" ADD CONSTRAINT "fichajes_correcciones_resolutor_id_personas_id_fk" FOREIGN KEY ("resolutor_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_pines" ADD CONSTRAINT "fichajes_pines_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes_pines" ADD CONSTRAINT "fichajes_pines_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspeccion_accesos" ADD CONSTRAINT "inspeccion_accesos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspeccion_enlaces" ADD CONSTRAINT "inspeccion_enlaces_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspeccion_enlaces" ADD CONSTRAINT "inspeccion_enlaces_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspeccion_enlaces" ADD CONSTRAINT "inspeccion_enlaces_creador_id_personas_id_fk" FOREIGN KEY ("creador_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datos_compra" ADD CONSTRAINT "datos_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datos_compra" ADD CONSTRAINT "datos_compra_doc_fk" FOREIGN KEY ("empresa_id","id_documento") REFERENCES "public"."documentos_compra"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datos_compra" ADD CONSTRAINT "datos_compra_fichero_fk" FOREIGN KEY ("empresa_id","id_fichero") REFERENCES "public"."ficheros"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "altas_alumno_token_uq" ON "altas_alumno" USING btree ("empresa_id","token_hash");--> statement-breakpoint
CREATE INDEX "alumnos_orden_idx" ON "alumnos" USING btree ("empresa_id","apellidos","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alumnos_cod_matricula_uq" ON "alumnos" USING btree ("empresa_id","cod_matricula");--> statement-breakpoint
CREATE INDEX "alumnos_persona_idx" ON "alumnos" USING btree ("empresa_id","id_persona");--> statement-breakpoint
CREATE INDEX "alumnos_tutor_idx" ON "alumnos" USING btree ("empresa_id","id_tutor");--> statement-breakpoint
CREATE INDEX "asistencias_alumno_idx" ON "asistencias" USING btree ("empresa_id","id_alumno","fecha");--> statement-breakpoint
CREATE INDEX "aulas_orden_idx" ON "aulas" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "aulas_codigo_uq" ON "aulas" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "autorizados_orden_idx" ON "autorizados" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE INDEX "autorizados_alumno_idx" ON "autorizados" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "cargos_orden_idx" ON "cargos" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_mensual_uq" ON "cargos" USING btree ("empresa_id","id_cursando","periodo") WHERE "cargos"."modo" = 'mensual';--> statement-breakpoint
CREATE INDEX "cargos_alumno_idx" ON "cargos" USING btree ("empresa_id","id_alumno","fecha");--> statement-breakpoint
CREATE INDEX "cargos_factura_idx" ON "cargos" USING btree ("empresa_id","id_factura");--> statement-breakpoint
CREATE INDEX "cursando_orden_idx" ON "cursando" USING btree ("empresa_id","fecha_alta","id");--> statement-breakpoint
CREATE INDEX "cursando_alumno_idx" ON "cursando" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "cursando_curso_idx" ON "cursando" USING btree ("empresa_id","id_curso");--> statement-breakpoint
CREATE INDEX "cursos_orden_idx" ON "cursos" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cursos_codigo_uq" ON "cursos" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "diascierre_orden_idx" ON "diascierre" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "diascierre_fecha_uq" ON "diascierre" USING btree ("empresa_id","fecha");--> statement-breakpoint
CREATE INDEX "evaluaciones_orden_idx" ON "evaluaciones" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE INDEX "evaluaciones_curso_idx" ON "evaluaciones" USING btree ("empresa_id","id_curso");--> statement-breakpoint
CREATE INDEX "horarios_orden_idx" ON "horarios" USING btree ("empresa_id","dia_semana","id");--> statement-breakpoint
CREATE INDEX "horarios_curso_idx" ON "horarios" USING btree ("empresa_id","id_curso");--> statement-breakpoint
CREATE INDEX "matriculasonline_orden_idx" ON "matriculasonline" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "notas_alumno_idx" ON "notas" USING btree ("empresa_id","id_alumno");--> statement-breakpoint
CREATE INDEX "opciones_orden_idx" ON "opciones" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "opciones_codigo_uq" ON "opciones" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "profesores_orden_idx" ON "profesores" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "profesores_codigo_uq" ON "profesores" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "tarifascurso_orden_idx" ON "tarifascurso" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE INDEX "tarifascurso_curso_idx" ON "tarifascurso" USING btree ("empresa_id","id_curso");--> statement-breakpoint
CREATE INDEX "tutores_orden_idx" ON "tutores" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE INDEX "tutores_persona_idx" ON "tutores" USING btree ("empresa_id","id_persona");--> statement-breakpoint
CREATE INDEX "ausencias_orden_idx" ON "ausencias" USING btree ("empresa_id","desde","id");--> statement-breakpoint
CREATE INDEX "festivos_orden_idx" ON "festivos" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "reglascomision_orden_idx" ON "reglascomision" USING btree ("empresa_id","id_comercial","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fichajes_aceptaciones_mes_uq" ON "fichajes_aceptaciones" USING btree ("empresa_id","persona_id","mes");--> statement-breakpoint
CREATE INDEX "fichajes_correcciones_persona_idx" ON "fichajes_correcciones" USING btree ("empresa_id","persona_id","situacion");--> statement-breakpoint
CREATE INDEX "inspeccion_accesos_enlace_idx" ON "inspeccion_accesos" USING btree ("empresa_id","enlace_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "fichajes_cliente_uq" ON "fichajes" USING btree ("empresa_id","persona_id","id_cliente");