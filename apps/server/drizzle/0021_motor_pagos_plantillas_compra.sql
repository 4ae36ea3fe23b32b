CREATE TABLE "asesoria_asignaciones" (
	"empresa_id" bigint NOT NULL,
	"persona_id" bigint NOT NULL,
	"cliente_empresa_id" bigint NOT NULL,
	CONSTRAINT "asesoria_asignaciones_pk" PRIMARY KEY("empresa_id","persona_id","cliente_empresa_id")
);
--> statement-breakpoint
CREATE TABLE "asesoria_niveles" (
	"empresa_id" bigint NOT NULL,
	"cliente_empresa_id" bigint NOT NULL,
	"nivel" integer DEFAULT 1 NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asesoria_niveles_pk" PRIMARY KEY("empresa_id","cliente_empresa_id")
);
--> statement-breakpoint
CREATE TABLE "asesoria_perfil" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"provincia" text DEFAULT '' NOT NULL,
	"especialidades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"nivel_defecto" integer DEFAULT 1 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asesoria_solicitudes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "asesoria_solicitudes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_solicitante" bigint NOT NULL,
	"solicitante" text NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"nivel" integer DEFAULT 1 NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"resuelto" timestamp with time zone,
	CONSTRAINT "asesoria_solicitudes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "avisos_plataforma" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "avisos_plataforma_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"prioridad" text DEFAULT 'i' NOT NULL,
	"tipos_cuenta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"planes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"destinatarios" integer DEFAULT 0 NOT NULL,
	"autor" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos_usuarios" (
	"empresa_id" bigint NOT NULL,
	"persona_id" bigint NOT NULL,
	"id_aviso" bigint NOT NULL,
	"leido" timestamp with time zone,
	CONSTRAINT "avisos_usuarios_pk" PRIMARY KEY("empresa_id","persona_id","id_aviso")
);
--> statement-breakpoint
CREATE TABLE "contrato_plantillas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrato_plantillas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"autor" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrato_plantillas_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "errores_resueltos" (
	"grupo" text PRIMARY KEY NOT NULL,
	"resuelto" timestamp with time zone DEFAULT now() NOT NULL,
	"por" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suscripciones" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'basico' NOT NULL,
	"usuarios" integer DEFAULT 1 NOT NULL,
	"centros" integer DEFAULT 1 NOT NULL,
	"plan_siguiente" text,
	"suspendida" boolean DEFAULT false NOT NULL,
	"motivo_suspension" text,
	"referencia_pago" text,
	"iban" text,
	"paso_produccion" timestamp with time zone,
	"actualizada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versiones" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "versiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"fecha" text NOT NULL,
	"notas" text NOT NULL,
	CONSTRAINT "versiones_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_categoria" bigint NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"tipos_cuenta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"baja" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos_categorias" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_categorias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"baja" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_avisos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_avisos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_persona" bigint,
	"prioridad" text DEFAULT 'i' NOT NULL,
	"origen" text DEFAULT 'a' NOT NULL,
	"titulo" text NOT NULL,
	"texto" text,
	"enlace" text,
	"clave" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_avisos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_avisos_leidos" (
	"empresa_id" bigint NOT NULL,
	"id_aviso" bigint NOT NULL,
	"id_persona" bigint NOT NULL,
	CONSTRAINT "crm_avisos_leidos_pk" PRIMARY KEY("empresa_id","id_persona","id_aviso")
);
--> statement-breakpoint
CREATE TABLE "crm_actividades" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_actividades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"asunto" text NOT NULL,
	"descripcion" text,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone,
	"todo_dia" boolean DEFAULT false NOT NULL,
	"id_responsable" bigint NOT NULL,
	"id_oportunidad" bigint,
	"tipo_contacto" text,
	"id_contacto" bigint,
	"hecha" boolean DEFAULT false NOT NULL,
	"recordatorio" timestamp with time zone,
	"avisado" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_actividades_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_calendario" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"colores" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_embudos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_embudos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	CONSTRAINT "crm_embudos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_fases" (
	"empresa_id" bigint NOT NULL,
	"id_embudo" bigint NOT NULL,
	"linea" integer NOT NULL,
	"nombre" text NOT NULL,
	"probabilidad" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_fases_pk" PRIMARY KEY("empresa_id","id_embudo","linea")
);
--> statement-breakpoint
CREATE TABLE "crm_oportunidades" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crm_oportunidades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_embudo" bigint NOT NULL,
	"lin_fase_embudo" integer NOT NULL,
	"tipo_contacto" text NOT NULL,
	"id_contacto" bigint NOT NULL,
	"titulo" text NOT NULL,
	"importe" numeric(14, 2) DEFAULT 0 NOT NULL,
	"fecha_cierre" date,
	"probabilidad" integer DEFAULT 1 NOT NULL,
	"id_comercial" bigint,
	"estado" integer DEFAULT 0 NOT NULL,
	"motivo_perdida" text,
	"notas" text,
	"id_presupuesto" bigint,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_oportunidades_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "gd_carpetas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gd_carpetas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"id_padre" bigint,
	CONSTRAINT "gd_carpetas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "gd_ficheros" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "gd_ficheros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_carpeta" bigint,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" integer NOT NULL,
	"clave" text NOT NULL,
	"subido" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gd_ficheros_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "mk_bajas" (
	"empresa_id" bigint NOT NULL,
	"tipo_contacto" text NOT NULL,
	"id_contacto" bigint NOT NULL,
	"id_campana" bigint,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mk_bajas_pk" PRIMARY KEY("empresa_id","tipo_contacto","id_contacto")
);
--> statement-breakpoint
CREATE TABLE "mk_campanas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mk_campanas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"canal" text NOT NULL,
	"nombre" text NOT NULL,
	"id_plantilla" bigint,
	"asunto" text,
	"cuerpo" text NOT NULL,
	"id_segmentacion" bigint NOT NULL,
	"programada" timestamp with time zone,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"encolada" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mk_campanas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "mk_config" (
	"empresa_id" bigint PRIMARY KEY NOT NULL,
	"smtp_host" text,
	"smtp_puerto" integer,
	"smtp_seguro" boolean DEFAULT false NOT NULL,
	"smtp_usuario" text,
	"smtp_clave" text,
	"remitente" text,
	"sms_url" text,
	"sms_usuario" text,
	"sms_clave" text,
	"sms_remitente" text,
	"limite_minuto" integer DEFAULT 120 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mk_mensajes" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mk_mensajes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_campana" bigint NOT NULL,
	"canal" text NOT NULL,
	"tipo_contacto" text NOT NULL,
	"id_contacto" bigint NOT NULL,
	"nombre" text NOT NULL,
	"destino" text NOT NULL,
	"estado" integer DEFAULT 0 NOT NULL,
	"error" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"procesado" timestamp with time zone,
	CONSTRAINT "mk_mensajes_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "mk_segmentos_reglas" (
	"empresa_id" bigint NOT NULL,
	"id_segmentacion" bigint NOT NULL,
	"tipo_contacto" text DEFAULT 't' NOT NULL,
	"id_grupo" bigint,
	"provincia" text,
	CONSTRAINT "mk_segmentos_reglas_pk" PRIMARY KEY("empresa_id","id_segmentacion")
);
--> statement-breakpoint
CREATE TABLE "pagos_compra" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pagos_compra_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_factura" bigint NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"id_tesoreria" bigint NOT NULL,
	"id_concepto" bigint,
	"notas" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_compra_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "vencimientos_compra" (
	"empresa_id" bigint NOT NULL,
	"id_factura" bigint NOT NULL,
	"plazo" integer NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"pagado" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "vencimientos_compra_pk" PRIMARY KEY("empresa_id","id_factura","plazo")
);
--> statement-breakpoint
CREATE TABLE "facturas_recurrentes_compra_generadas" (
	"empresa_id" bigint NOT NULL,
	"id_plantilla" bigint NOT NULL,
	"periodo" date NOT NULL,
	"id_factura" bigint NOT NULL,
	"generada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_en" timestamp with time zone,
	"error_envio" text,
	CONSTRAINT "facturas_recurrentes_compra_generadas_pk" PRIMARY KEY("empresa_id","id_plantilla","periodo")
);
--> statement-breakpoint
CREATE TABLE "plantillas_recurrentes_compra" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plantillas_recurrentes_compra_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"descripcion" text NOT NULL,
	"id_proveedor" bigint NOT NULL,
	"id_serie" bigint,
	"id_forma_pago" bigint,
	"observaciones" text,
	"porc_retencion" numeric(5, 2) DEFAULT '0' NOT NULL,
	"periodicidad" text NOT NULL,
	"fecha_inicio" date NOT NULL,
	"proxima_fecha" date NOT NULL,
	"fecha_fin" date,
	"accion" text NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	"ultimo_periodo" date,
	"ultimo_error" text,
	"base_imponible" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plantillas_recurrentes_compra_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "plantillas_recurrentes_compra_lineas" (
	"empresa_id" bigint NOT NULL,
	"id_plantilla" bigint NOT NULL,
	"orden" integer NOT NULL,
	"id_producto" bigint,
	"descripcion" text NOT NULL,
	"cantidad" numeric(16, 3) NOT NULL,
	"precio" numeric(18, 6) NOT NULL,
	"descuento" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" text NOT NULL,
	CONSTRAINT "plantillas_recurrentes_compra_lineas_pk" PRIMARY KEY("empresa_id","id_plantilla","orden")
);
--> statement-breakpoint
CREATE TABLE "apuntes_bancarios" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "apuntes_bancarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_extracto" bigint NOT NULL,
	"id_tesoreria" bigint NOT NULL,
	"linea" integer NOT NULL,
	"fecha_operacion" date NOT NULL,
	"fecha_valor" date NOT NULL,
	"concepto_comun" text NOT NULL,
	"concepto_propio" text NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"documento" text NOT NULL,
	"referencia1" text NOT NULL,
	"referencia2" text NOT NULL,
	"concepto" text NOT NULL,
	"conciliado_con" text,
	"id_conciliado" bigint,
	CONSTRAINT "apuntes_bancarios_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "arqueos" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "arqueos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_tesoreria" bigint NOT NULL,
	"fecha" date NOT NULL,
	"esperado" numeric(16, 2) NOT NULL,
	"contado" numeric(16, 2) NOT NULL,
	"diferencia" numeric(16, 2) NOT NULL,
	"motivo" text,
	"desglose" jsonb NOT NULL,
	"id_movimiento" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arqueos_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "extractos_bancarios" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "extractos_bancarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_tesoreria" bigint NOT NULL,
	"fichero" text NOT NULL,
	"cuenta" text NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"saldo_inicial" numeric(16, 2) NOT NULL,
	"saldo_final" numeric(16, 2) NOT NULL,
	"num_apuntes" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extractos_bancarios_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "mandatos_sepa" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mandatos_sepa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_cliente" bigint NOT NULL,
	"referencia" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"fecha_firma" date NOT NULL,
	"esquema" text DEFAULT 'CORE' NOT NULL,
	"secuencia" text DEFAULT 'FRST' NOT NULL,
	"estado" text DEFAULT 'activo' NOT NULL,
	"motivo" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandatos_sepa_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "movimientos_tesoreria" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "movimientos_tesoreria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_tesoreria" bigint NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(16, 2) NOT NULL,
	"id_concepto" bigint,
	"descripcion" text NOT NULL,
	"clase" text DEFAULT 'manual' NOT NULL,
	"id_traspaso" bigint,
	"id_arqueo" bigint,
	"id_remesa" bigint,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_tesoreria_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "recibos_remesa" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "recibos_remesa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_remesa" bigint NOT NULL,
	"id_factura" bigint,
	"id_factura_compra" bigint,
	"plazo" integer NOT NULL,
	"num_serie" text,
	"id_tercero" bigint NOT NULL,
	"tercero_nombre" text NOT NULL,
	"id_mandato" bigint,
	"mandato_ref" text,
	"mandato_fecha" date,
	"iban" text NOT NULL,
	"bic" text,
	"importe" numeric(16, 2) NOT NULL,
	"vencimiento" date NOT NULL,
	"end_to_end_id" text NOT NULL,
	"secuencia" text,
	"estado" text DEFAULT 'remesado' NOT NULL,
	"id_cobro" bigint,
	"motivo" text,
	"fecha_devolucion" date,
	"comision" numeric(16, 2),
	"id_mov_comision" bigint,
	"representar" date,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recibos_remesa_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
CREATE TABLE "remesas" (
	"empresa_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "remesas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"id_tesoreria" bigint NOT NULL,
	"fecha" date NOT NULL,
	"esquema" text,
	"estado" text DEFAULT 'preparada' NOT NULL,
	"descripcion" text NOT NULL,
	"num_recibos" integer DEFAULT 0 NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"msg_id" text NOT NULL,
	"fecha_envio" date,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remesas_pk" PRIMARY KEY("empresa_id","id")
);
--> statement-breakpoint
ALTER TABLE "asesoria_asignaciones" ADD CONSTRAINT "asesoria_asignaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_niveles" ADD CONSTRAINT "asesoria_niveles_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_perfil" ADD CONSTRAINT "asesoria_perfil_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_solicitudes" ADD CONSTRAINT "asesoria_solicitudes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asesoria_solicitudes" ADD CONSTRAINT "asesoria_solicitudes_id_solicitante_empresas_id_fk" FOREIGN KEY ("id_solicitante") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_usuarios" ADD CONSTRAINT "avisos_usuarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_usuarios" ADD CONSTRAINT "avisos_usuarios_id_aviso_avisos_plataforma_id_fk" FOREIGN KEY ("id_aviso") REFERENCES "public"."avisos_plataforma"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD CONSTRAINT "suscripciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_id_categoria_videos_categorias_id_fk" FOREIGN KEY ("id_categoria") REFERENCES "public"."videos_categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_avisos" ADD CONSTRAINT "crm_avisos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_avisos_leidos" ADD CONSTRAINT "crm_avisos_leidos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_avisos_leidos" ADD CONSTRAINT "crm_avisos_leidos_aviso_fk" FOREIGN KEY ("empresa_id","id_aviso") REFERENCES "public"."crm_avisos"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_actividades" ADD CONSTRAINT "crm_actividades_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_calendario" ADD CONSTRAINT "crm_calendario_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_embudos" ADD CONSTRAINT "crm_embudos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_fases" ADD CONSTRAINT "crm_fases_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_fases" ADD CONSTRAINT "crm_fases_embudo_fk" FOREIGN KEY ("empresa_id","id_embudo") REFERENCES "public"."crm_embudos"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_oportunidades" ADD CONSTRAINT "crm_oportunidades_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_oportunidades" ADD CONSTRAINT "crm_oportunidades_embudo_fk" FOREIGN KEY ("empresa_id","id_embudo") REFERENCES "public"."crm_embudos"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gd_carpetas" ADD CONSTRAINT "gd_carpetas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gd_ficheros" ADD CONSTRAINT "gd_ficheros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_bajas" ADD CONSTRAINT "mk_bajas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_campanas" ADD CONSTRAINT "mk_campanas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_config" ADD CONSTRAINT "mk_config_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_mensajes" ADD CONSTRAINT "mk_mensajes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_mensajes" ADD CONSTRAINT "mk_mensajes_campana_fk" FOREIGN KEY ("empresa_id","id_campana") REFERENCES "public"."mk_campanas"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mk_segmentos_reglas" ADD CONSTRAINT "mk_segmentos_reglas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_compra" ADD CONSTRAINT "pagos_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_compra" ADD CONSTRAINT "pagos_compra_factura_fk" FOREIGN KEY ("empresa_id","id_factura") REFERENCES "public"."documentos_compra"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_compra" ADD CONSTRAINT "pagos_compra_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_compra" ADD CONSTRAINT "pagos_compra_concepto_fk" FOREIGN KEY ("empresa_id","id_concepto") REFERENCES "public"."conceptosmovs"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vencimientos_compra" ADD CONSTRAINT "vencimientos_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vencimientos_compra" ADD CONSTRAINT "vencimientos_compra_factura_fk" FOREIGN KEY ("empresa_id","id_factura") REFERENCES "public"."documentos_compra"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_recurrentes_compra_generadas" ADD CONSTRAINT "facturas_recurrentes_compra_generadas_plantilla_fk" FOREIGN KEY ("empresa_id","id_plantilla") REFERENCES "public"."plantillas_recurrentes_compra"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_compra" ADD CONSTRAINT "plantillas_recurrentes_compra_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_compra" ADD CONSTRAINT "plantillas_recurrentes_compra_proveedor_fk" FOREIGN KEY ("empresa_id","id_proveedor") REFERENCES "public"."proveedores"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_compra" ADD CONSTRAINT "plantillas_recurrentes_compra_serie_fk" FOREIGN KEY ("empresa_id","id_serie") REFERENCES "public"."series"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_compra" ADD CONSTRAINT "plantillas_recurrentes_compra_fpago_fk" FOREIGN KEY ("empresa_id","id_forma_pago") REFERENCES "public"."fpago"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_recurrentes_compra_lineas" ADD CONSTRAINT "plantillas_recurrentes_compra_lineas_plantilla_fk" FOREIGN KEY ("empresa_id","id_plantilla") REFERENCES "public"."plantillas_recurrentes_compra"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apuntes_bancarios" ADD CONSTRAINT "apuntes_bancarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apuntes_bancarios" ADD CONSTRAINT "apuntes_bancarios_extracto_fk" FOREIGN KEY ("empresa_id","id_extracto") REFERENCES "public"."extractos_bancarios"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arqueos" ADD CONSTRAINT "arqueos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arqueos" ADD CONSTRAINT "arqueos_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractos_bancarios" ADD CONSTRAINT "extractos_bancarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractos_bancarios" ADD CONSTRAINT "extractos_bancarios_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandatos_sepa" ADD CONSTRAINT "mandatos_sepa_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandatos_sepa" ADD CONSTRAINT "mandatos_sepa_cliente_fk" FOREIGN KEY ("empresa_id","id_cliente") REFERENCES "public"."clientes"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_tesoreria" ADD CONSTRAINT "movimientos_tesoreria_concepto_fk" FOREIGN KEY ("empresa_id","id_concepto") REFERENCES "public"."conceptosmovs"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibos_remesa" ADD CONSTRAINT "recibos_remesa_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibos_remesa" ADD CONSTRAINT "recibos_remesa_remesa_fk" FOREIGN KEY ("empresa_id","id_remesa") REFERENCES "public"."remesas"("empresa_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remesas" ADD CONSTRAINT "remesas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remesas" ADD CONSTRAINT "remesas_tesoreria_fk" FOREIGN KEY ("empresa_id","id_tesoreria") REFERENCES "public"."tesoreria"("empresa_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asesoria_solicitudes_estado_idx" ON "asesoria_solicitudes" USING btree ("empresa_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_avisos_clave_uq" ON "crm_avisos" USING btree ("empresa_id","clave");--> statement-breakpoint
CREATE INDEX "crm_avisos_persona_idx" ON "crm_avisos" USING btree ("empresa_id","id_persona","fecha");--> statement-breakpoint
CREATE INDEX "crm_actividades_responsable_idx" ON "crm_actividades" USING btree ("empresa_id","id_responsable","inicio");--> statement-breakpoint
CREATE INDEX "crm_actividades_contacto_idx" ON "crm_actividades" USING btree ("empresa_id","tipo_contacto","id_contacto");--> statement-breakpoint
CREATE INDEX "crm_actividades_oportunidad_idx" ON "crm_actividades" USING btree ("empresa_id","id_oportunidad");--> statement-breakpoint
CREATE INDEX "crm_actividades_recordatorio_idx" ON "crm_actividades" USING btree ("empresa_id","avisado","recordatorio");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_embudos_nombre_uq" ON "crm_embudos" USING btree ("empresa_id","nombre");--> statement-breakpoint
CREATE INDEX "crm_oportunidades_fase_idx" ON "crm_oportunidades" USING btree ("empresa_id","id_embudo","lin_fase_embudo");--> statement-breakpoint
CREATE INDEX "crm_oportunidades_contacto_idx" ON "crm_oportunidades" USING btree ("empresa_id","tipo_contacto","id_contacto");--> statement-breakpoint
CREATE INDEX "gd_ficheros_carpeta_idx" ON "gd_ficheros" USING btree ("empresa_id","id_carpeta");--> statement-breakpoint
CREATE INDEX "mk_campanas_estado_idx" ON "mk_campanas" USING btree ("empresa_id","estado","programada");--> statement-breakpoint
CREATE UNIQUE INDEX "mk_mensajes_destinatario_uq" ON "mk_mensajes" USING btree ("empresa_id","id_campana","tipo_contacto","id_contacto");--> statement-breakpoint
CREATE INDEX "mk_mensajes_cola_idx" ON "mk_mensajes" USING btree ("empresa_id","estado","proximo_intento");--> statement-breakpoint
CREATE INDEX "pagos_compra_factura_idx" ON "pagos_compra" USING btree ("empresa_id","id_factura");--> statement-breakpoint
CREATE INDEX "pagos_compra_lista_idx" ON "pagos_compra" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "vencimientos_compra_fecha_idx" ON "vencimientos_compra" USING btree ("empresa_id","fecha");--> statement-breakpoint
CREATE INDEX "facturas_recurrentes_compra_generadas_factura_idx" ON "facturas_recurrentes_compra_generadas" USING btree ("empresa_id","id_factura");--> statement-breakpoint
CREATE INDEX "plantillas_recurrentes_compra_proxima_idx" ON "plantillas_recurrentes_compra" USING btree ("empresa_id","baja","proxima_fecha");--> statement-breakpoint
CREATE INDEX "apuntes_bancarios_extracto_idx" ON "apuntes_bancarios" USING btree ("empresa_id","id_extracto","linea");--> statement-breakpoint
CREATE UNIQUE INDEX "apuntes_bancarios_conciliado_uq" ON "apuntes_bancarios" USING btree ("empresa_id","conciliado_con","id_conciliado") WHERE id_conciliado is not null;--> statement-breakpoint
CREATE INDEX "arqueos_cuenta_idx" ON "arqueos" USING btree ("empresa_id","id_tesoreria","fecha");--> statement-breakpoint
CREATE INDEX "extractos_bancarios_cuenta_idx" ON "extractos_bancarios" USING btree ("empresa_id","id_tesoreria","fecha_desde");--> statement-breakpoint
CREATE UNIQUE INDEX "mandatos_sepa_referencia_uq" ON "mandatos_sepa" USING btree ("empresa_id","referencia");--> statement-breakpoint
CREATE INDEX "mandatos_sepa_cliente_idx" ON "mandatos_sepa" USING btree ("empresa_id","id_cliente");--> statement-breakpoint
CREATE INDEX "movimientos_tesoreria_cuenta_idx" ON "movimientos_tesoreria" USING btree ("empresa_id","id_tesoreria","fecha","id");--> statement-breakpoint
CREATE INDEX "movimientos_tesoreria_fecha_idx" ON "movimientos_tesoreria" USING btree ("empresa_id","fecha","id");--> statement-breakpoint
CREATE INDEX "recibos_remesa_remesa_idx" ON "recibos_remesa" USING btree ("empresa_id","id_remesa","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_remesa_e2e_uq" ON "recibos_remesa" USING btree ("empresa_id","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_remesa_vivo_uq" ON "recibos_remesa" USING btree ("empresa_id","id_factura","plazo") WHERE estado <> 'devuelto' and id_factura is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "recibos_remesa_vivo_compra_uq" ON "recibos_remesa" USING btree ("empresa_id","id_factura_compra","plazo") WHERE estado <> 'devuelto' and id_factura_compra is not null;--> statement-breakpoint
CREATE INDEX "recibos_remesa_factura_idx" ON "recibos_remesa" USING btree ("empresa_id","id_factura","plazo");--> statement-breakpoint
CREATE INDEX "remesas_fecha_idx" ON "remesas" USING btree ("empresa_id","tipo","fecha","id");--> statement-breakpoint
CREATE UNIQUE INDEX "remesas_msg_uq" ON "remesas" USING btree ("empresa_id","msg_id");