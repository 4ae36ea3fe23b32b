import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { dia, empresaId, fkEmpresa, instante, ref, tablaEmpresa } from '../../platform/db/columns.ts';

// Tables of CRM, agenda, notifications, marketing and the document manager. Properties are the API names
// (CODE_STYLE: a row is its JSON); every table leads with empresa_id.

/** The company's calendar configuration (`usuario/configcal`): a colour per event type; absent = defaults. */
export const crmCalendario = pgTable('crm_calendario', {
  empresaId: empresaId().primaryKey(),
  Colores: jsonb('colores').$type<Record<string, string>>().notNull(),
});

/** Sales funnels (`crmembudos` / `embudosvta`). */
export const crmEmbudos = tablaEmpresa(
  'crm_embudos',
  {
    Nombre: text('nombre').notNull(),
    Baja: boolean('baja').notNull().default(false),
  },
  (t) => [uniqueIndex('crm_embudos_nombre_uq').on(t.empresaId, t.Nombre)],
);

/** Ordered phases of a funnel: `Linea` is what an opportunity's `LinFaseEmbudo` points at. */
export const crmFases = pgTable(
  'crm_fases',
  {
    empresaId: empresaId(),
    IdEmbudo: ref('id_embudo').notNull(),
    Linea: integer('linea').notNull(),
    Nombre: text('nombre').notNull(),
    /** Default probability of the phase in percent (weighted forecast). */
    Probabilidad: integer('probabilidad').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'crm_fases_pk', columns: [t.empresaId, t.IdEmbudo, t.Linea] }),
    fkEmpresa('crm_fases_embudo_fk', t, t.IdEmbudo, crmEmbudos).onDelete('cascade'),
  ],
);

/** Opportunities (`crmoportuni`): Estado 0 Pendiente, 1 Ganada, 2 Perdida, 3 Anulada; Probabilidad 0 Bajo, 1 Medio, 2 Alto. */
export const crmOportunidades = tablaEmpresa(
  'crm_oportunidades',
  {
    IdEmbudo: ref('id_embudo').notNull(),
    LinFaseEmbudo: integer('lin_fase_embudo').notNull(),
    /** 'c' customer (clientes) or 'p' potential customer (clientespot). */
    TipoContacto: text('tipo_contacto').notNull(),
    IdContacto: ref('id_contacto').notNull(),
    Titulo: text('titulo').notNull(),
    Importe: numeric('importe', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    FechaCierre: dia('fecha_cierre'),
    Probabilidad: integer('probabilidad').notNull().default(1),
    IdComercial: ref('id_comercial'),
    Estado: integer('estado').notNull().default(0),
    MotivoPerdida: text('motivo_perdida'),
    Notas: text('notas'),
    /** The quote created from the won opportunity (pventa). */
    IdPresupuesto: ref('id_presupuesto'),
    Creado: instante('creado').notNull().defaultNow(),
  },
  (t) => [
    index('crm_oportunidades_fase_idx').on(t.empresaId, t.IdEmbudo, t.LinFaseEmbudo),
    index('crm_oportunidades_contacto_idx').on(t.empresaId, t.TipoContacto, t.IdContacto),
    fkEmpresa('crm_oportunidades_embudo_fk', t, t.IdEmbudo, crmEmbudos),
  ],
);

/** Activities (llamada, tarea, mensaje, reunion, otros) on an opportunity and/or a contact; the agenda's events. */
export const crmActividades = tablaEmpresa(
  'crm_actividades',
  {
    Tipo: text('tipo').notNull(),
    Asunto: text('asunto').notNull(),
    Descripcion: text('descripcion'),
    Inicio: instante('inicio').notNull(),
    Fin: instante('fin'),
    TodoDia: boolean('todo_dia').notNull().default(false),
    /** Owner: a person of the company. */
    IdResponsable: ref('id_responsable').notNull(),
    IdOportunidad: ref('id_oportunidad'),
    TipoContacto: text('tipo_contacto'),
    IdContacto: ref('id_contacto'),
    Hecha: boolean('hecha').notNull().default(false),
    Recordatorio: instante('recordatorio'),
    Avisado: boolean('avisado').notNull().default(false),
    Creado: instante('creado').notNull().defaultNow(),
  },
  (t) => [
    index('crm_actividades_responsable_idx').on(t.empresaId, t.IdResponsable, t.Inicio),
    index('crm_actividades_contacto_idx').on(t.empresaId, t.TipoContacto, t.IdContacto),
    index('crm_actividades_oportunidad_idx').on(t.empresaId, t.IdOportunidad),
    index('crm_actividades_recordatorio_idx').on(t.empresaId, t.Avisado, t.Recordatorio),
  ],
);

/** Alerts and notifications: Prioridad a/m/b/i, Origen a (system) / m (user); IdPersona null = every member. */
export const crmAvisos = tablaEmpresa(
  'crm_avisos',
  {
    IdPersona: ref('id_persona'),
    Prioridad: text('prioridad').notNull().default('i'),
    Origen: text('origen').notNull().default('a'),
    Titulo: text('titulo').notNull(),
    Texto: text('texto'),
    Enlace: text('enlace'),
    /** Deduplication key of system alerts ('fventa-vencida-12'): one alert per fact. */
    Clave: text('clave'),
    Fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_avisos_clave_uq').on(t.empresaId, t.Clave),
    index('crm_avisos_persona_idx').on(t.empresaId, t.IdPersona, t.Fecha),
  ],
);

/** Who has read which alert. */
export const crmAvisosLeidos = pgTable(
  'crm_avisos_leidos',
  {
    empresaId: empresaId(),
    IdAviso: ref('id_aviso').notNull(),
    IdPersona: ref('id_persona').notNull(),
  },
  (t) => [
    primaryKey({ name: 'crm_avisos_leidos_pk', columns: [t.empresaId, t.IdPersona, t.IdAviso] }),
    fkEmpresa('crm_avisos_leidos_aviso_fk', t, t.IdAviso, crmAvisos).onDelete('cascade'),
  ],
);

/** Audience rules of a segment (`segmentacion`): contact kind, group, province. */
export const mkSegmentosReglas = pgTable(
  'mk_segmentos_reglas',
  {
    empresaId: empresaId(),
    IdSegmentacion: ref('id_segmentacion').notNull(),
    /** 'c' customers, 'p' potential customers, 't' both. */
    TipoContacto: text('tipo_contacto').notNull().default('t'),
    IdGrupo: ref('id_grupo'),
    Provincia: text('provincia'),
  },
  (t) => [primaryKey({ name: 'mk_segmentos_reglas_pk', columns: [t.empresaId, t.IdSegmentacion] })],
);

/** Marketing campaigns by e-mail or SMS. Estado: borrador, programada, enviando, enviada. */
export const mkCampanas = tablaEmpresa(
  'mk_campanas',
  {
    Canal: text('canal').notNull(),
    Nombre: text('nombre').notNull(),
    IdPlantilla: ref('id_plantilla'),
    Asunto: text('asunto'),
    Cuerpo: text('cuerpo').notNull(),
    IdSegmentacion: ref('id_segmentacion').notNull(),
    Programada: instante('programada'),
    Estado: text('estado').notNull().default('borrador'),
    Encolada: instante('encolada'),
    /** Measure openings with a tracking pixel (optional per campaign, e-mail only). */
    Pixel: boolean('pixel').notNull().default(false),
    Creado: instante('creado').notNull().defaultNow(),
  },
  (t) => [index('mk_campanas_estado_idx').on(t.empresaId, t.Estado, t.Programada)],
);

/**
 * The message queue: Estado 0 Pendiente, 1 Procesando, 2 Procesado, 3 Error. One row per campaign and recipient
 * (unique); a worker takes rows with a lease (`BloqueadoHasta`) and marks them processed in the same step it
 * records the send, so a crash never sends one message twice.
 */
export const mkMensajes = tablaEmpresa(
  'mk_mensajes',
  {
    IdCampana: ref('id_campana').notNull(),
    Canal: text('canal').notNull(),
    TipoContacto: text('tipo_contacto').notNull(),
    IdContacto: ref('id_contacto').notNull(),
    Nombre: text('nombre').notNull(),
    Destino: text('destino').notNull(),
    Estado: integer('estado').notNull().default(0),
    Error: text('error'),
    Intentos: integer('intentos').notNull().default(0),
    ProximoIntento: instante('proximo_intento').notNull().defaultNow(),
    BloqueadoHasta: instante('bloqueado_hasta'),
    Procesado: instante('procesado'),
    /** The message's own text (the driving school's notices), instead of the campaign's body. */
    Texto: text('texto'),
    /** First time the tracking pixel was loaded (campaigns with Pixel). */
    Abierto: instante('abierto'),
  },
  (t) => [
    uniqueIndex('mk_mensajes_destinatario_uq').on(t.empresaId, t.IdCampana, t.TipoContacto, t.IdContacto),
    index('mk_mensajes_cola_idx').on(t.empresaId, t.Estado, t.ProximoIntento),
    fkEmpresa('mk_mensajes_campana_fk', t, t.IdCampana, mkCampanas).onDelete('cascade'),
  ],
);

/** Contacts unsubscribed from marketing (the signed link): never sent again. */
export const mkBajas = pgTable(
  'mk_bajas',
  {
    empresaId: empresaId(),
    TipoContacto: text('tipo_contacto').notNull(),
    IdContacto: ref('id_contacto').notNull(),
    IdCampana: ref('id_campana'),
    Fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'mk_bajas_pk', columns: [t.empresaId, t.TipoContacto, t.IdContacto] })],
);

/** Sending configuration: own SMTP (or the platform's when empty), SMS gateway, rate limit per minute. */
export const mkConfig = pgTable('mk_config', {
  empresaId: empresaId().primaryKey(),
  SmtpHost: text('smtp_host'),
  SmtpPuerto: integer('smtp_puerto'),
  SmtpSeguro: boolean('smtp_seguro').notNull().default(false),
  SmtpUsuario: text('smtp_usuario'),
  /** AES-256-GCM under the server secret, like the VeriFactu certificate. */
  SmtpClave: text('smtp_clave'),
  Remitente: text('remitente'),
  SmsUrl: text('sms_url'),
  SmsUsuario: text('sms_usuario'),
  SmsClave: text('sms_clave'),
  SmsRemitente: text('sms_remitente'),
  LimiteMinuto: integer('limite_minuto').notNull().default(120),
});

/** Document manager folders (`gestordoc`). */
export const gdCarpetas = tablaEmpresa('gd_carpetas', {
  Nombre: text('nombre').notNull(),
  IdPadre: ref('id_padre'),
});

/** Document manager files: metadata only; the bytes live in the storage under `Clave`. */
export const gdFicheros = tablaEmpresa(
  'gd_ficheros',
  {
    IdCarpeta: ref('id_carpeta'),
    Nombre: text('nombre').notNull(),
    Tipo: text('tipo').notNull(),
    Tamano: integer('tamano').notNull(),
    Clave: text('clave').notNull(),
    Subido: instante('subido').notNull().defaultNow(),
    /**
     * The feature that owns the file (`platform/files/origenes.ts`): whoever lists or serves it, through any route,
     * needs that feature's permission. Set when the file is written, never derived from the folder it sits in.
     */
    Origen: text('origen').notNull().default('gestordoc'),
  },
  (t) => [index('gd_ficheros_carpeta_idx').on(t.empresaId, t.IdCarpeta)],
);
