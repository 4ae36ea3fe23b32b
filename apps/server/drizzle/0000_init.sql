CREATE TABLE "auditoria" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" timestamp with time zone,
	"accion" text,
	"recurso" text,
	"id_registro" integer,
	"user_name" text,
	"campos" jsonb,
	"persona_id" bigint,
	CONSTRAINT "auditoria_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "centros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "centros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"val" text NOT NULL,
	"desc" text NOT NULL,
	"direccion" text,
	"telefono" text,
	"denegados" jsonb,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "centros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"descripcion" text,
	"permisos" jsonb,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "ajustes" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asesoria_clientes" (
	"empresa_id" bigint NOT NULL,
	"cliente_empresa_id" bigint NOT NULL,
	CONSTRAINT "asesoria_clientes_pk" PRIMARY KEY("empresa_id","cliente_empresa_id")
);
--> statement-breakpoint
CREATE TABLE "correos_salida" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "correos_salida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"para" text NOT NULL,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"enviado" timestamp with time zone,
	"error" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "empresas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"nif" text DEFAULT '' NOT NULL,
	"tipo_cuenta" text DEFAULT 'general' NOT NULL,
	"entidad_pruebas" boolean DEFAULT true NOT NULL,
	"condiciones_aceptadas" boolean DEFAULT false NOT NULL,
	"act_aues" boolean DEFAULT false NOT NULL,
	"modulos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tipo_factura_electronica" text DEFAULT 'verifactu' NOT NULL,
	"tributacion" text DEFAULT 'peninsula' NOT NULL,
	"recargo_equivalencia" boolean DEFAULT false NOT NULL,
	"direccion_envio_defecto" boolean DEFAULT false NOT NULL,
	"decimales_redondeo" integer DEFAULT 2 NOT NULL,
	"digitos_contables" integer DEFAULT 10 NOT NULL,
	"cuenta_compras" text DEFAULT '6000000000' NOT NULL,
	"cuenta_gastos" text DEFAULT '6290000000' NOT NULL,
	"cuenta_ventas_productos" text DEFAULT '7000000000' NOT NULL,
	"cuenta_ventas_servicios" text DEFAULT '7050000000' NOT NULL,
	"version_api" text DEFAULT '1' NOT NULL,
	"version_api_ventas" text DEFAULT '1' NOT NULL,
	"recursos_restringidos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"denegados" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text,
	"datos_empresa" text DEFAULT '' NOT NULL,
	"pol_devoluciones" text DEFAULT '' NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enlaces_email" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enlaces_email_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"persona_id" bigint NOT NULL,
	"tipo" text NOT NULL,
	"token_hash" text NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fichajes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fichajes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"persona_id" bigint NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" text NOT NULL,
	"estado" text NOT NULL,
	"motivo_pausa" text,
	"latitud" numeric(9, 6),
	"longitud" numeric(9, 6),
	"origen" text DEFAULT 'w' NOT NULL,
	"corrige_id" bigint,
	CONSTRAINT "fichajes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"persona_id" bigint NOT NULL,
	"clave" text NOT NULL,
	"ruta" text NOT NULL,
	"huella_cuerpo" text NOT NULL,
	"estado" integer NOT NULL,
	"respuesta" jsonb,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_pk" PRIMARY KEY("persona_id","clave")
);
--> statement-breakpoint
CREATE TABLE "miembros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "miembros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"persona_id" bigint NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"propietario" boolean DEFAULT false NOT NULL,
	"id_perfil" bigint,
	"codigo_empleado" text,
	"fichaje_activo" boolean DEFAULT false NOT NULL,
	"solo_fichaje" boolean DEFAULT false NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "miembros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_name" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido1" text,
	"apellido2" text,
	"nombre_comercial" text,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_confirmado" boolean DEFAULT true NOT NULL,
	"es_admin" boolean DEFAULT false NOT NULL,
	"fallos_login" integer DEFAULT 0 NOT NULL,
	"bloqueado" boolean DEFAULT false NOT NULL,
	"ultima_empresa_id" bigint,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sesiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"familia" text NOT NULL,
	"persona_id" bigint NOT NULL,
	"empresa_id" bigint,
	"id_cliente" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usada" timestamp with time zone,
	"revocada" timestamp with time zone,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centros" ADD CONSTRAINT "centros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_clientes" ADD CONSTRAINT "asesoria_clientes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_clientes" ADD CONSTRAINT "asesoria_clientes_cliente_empresa_id_empresas_id_fk" FOREIGN KEY ("cliente_empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_email" ADD CONSTRAINT "enlaces_email_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes" ADD CONSTRAINT "fichajes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichajes" ADD CONSTRAINT "fichajes_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miembros" ADD CONSTRAINT "miembros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miembros" ADD CONSTRAINT "miembros_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_orden_idx" ON "auditoria" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "centros_orden_idx" ON "centros" USING btree ("empresa_id","val","id");--> statement-breakpoint
CREATE UNIQUE INDEX "centros_val_uq" ON "centros" USING btree ("empresa_id","val");--> statement-breakpoint
CREATE INDEX "roles_orden_idx" ON "roles" USING btree ("empresa_id","nombre","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_nombre_uq" ON "roles" USING btree ("empresa_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_codigo_uq" ON "empresas" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "enlaces_email_token_uq" ON "enlaces_email" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "fichajes_persona_fecha_idx" ON "fichajes" USING btree ("empresa_id","persona_id","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "miembros_persona_uq" ON "miembros" USING btree ("empresa_id","persona_id");--> statement-breakpoint
CREATE INDEX "miembros_persona_idx" ON "miembros" USING btree ("persona_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_user_name_uq" ON "personas" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sesiones_refresh_uq" ON "sesiones" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "sesiones_familia_idx" ON "sesiones" USING btree ("familia");