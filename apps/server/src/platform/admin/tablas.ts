import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { empresaId, idIdentidad, instanteDate, ref, tablaEmpresa } from '../db/columns.ts';
import { empresas } from '../db/platformTables.ts';

/**
 * Platform-level tables (platform administration, advisory firms, contracting). Reached from the
 * platform only (modules never import them). Tables carrying `empresa_id` lead with it in every key (schema rules).
 * Drizzle properties are the API's PascalCase names (CODE_STYLE).
 */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The company's subscription: plan, users, centres, suspension, data kept or cleaned when moving to production. */
export const suscripciones = pgTable('suscripciones', {
  empresaId: empresaId().primaryKey(),
  Plan: text('plan').notNull().default('basico'),
  Usuarios: integer('usuarios').notNull().default(1),
  Centros: integer('centros').notNull().default(1),
  /** Plan taking effect at the end of the period (a downgrade). */
  PlanSiguiente: text('plan_siguiente'),
  Suspendida: boolean('suspendida').notNull().default(false),
  MotivoSuspension: text('motivo_suspension'),
  /** SEPA mandate reference (or card reference) of the fee. */
  ReferenciaPago: text('referencia_pago'),
  Iban: text('iban'),
  PasoProduccion: instanteDate('paso_produccion'),
  Actualizada: instanteDate('actualizada').notNull().defaultNow(),
});

/**
 * The subscription fee invoices: one per subscriber company and month, issued by the platform company (config
 * `empresaPlataforma`) through its own sales engine; the invoice itself lives in the platform company's sales.
 */
export const suscripcionesFacturas = pgTable(
  'suscripciones_facturas',
  {
    empresaId: empresaId(),
    /** yyyy-mm. */
    Periodo: text('periodo').notNull(),
    Plan: text('plan').notNull(),
    IdEmisora: ref('id_emisora')
      .notNull()
      .references(() => empresas.id),
    IdFactura: ref('id_factura').notNull(),
    NumSerie: text('num_serie'),
    Total: text('total').notNull(),
    Creada: instanteDate('creada').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'suscripciones_facturas_pk', columns: [t.empresaId, t.Periodo] })],
);

/** Contracts of a company: the template version it was generated from, the signature and its evidence. */
export const contratosServicio = tablaEmpresa(
  'contratos_servicio',
  {
    Version: integer('version').notNull(),
    Estado: text('estado').notNull().default('pendiente'), // pendiente | firmado
    Titulo: text('titulo').notNull(),
    /** The contract's text with the company's data filled in (HTML of the template). */
    Texto: text('texto').notNull(),
    Plan: text('plan').notNull(),
    Email: text('email').notNull(),
    /** SHA-256 of the one-time code, its expiry and failed tries. */
    OtpHash: text('otp_hash'),
    OtpExpira: instanteDate('otp_expira'),
    OtpFallos: integer('otp_fallos').notNull().default(0),
    /** SHA-256 of the signing link's token (the e-mail's link; the contracting screen keeps it). */
    TokenHash: text('token_hash').notNull(),
    Firmante: text('firmante'),
    Firmado: instanteDate('firmado'),
    Ip: text('ip'),
    AgenteUsuario: text('agente_usuario'),
    /** The signature drawn on screen (PNG), when the signer drew one; the typed name is always there. */
    Trazo: bytea('trazo'),
    /** The signed PDF and its SHA-256 (hex). */
    Pdf: bytea('pdf'),
    Hash: text('hash'),
    Enviado: instanteDate('enviado'),
    Creado: instanteDate('creado').notNull().defaultNow(),
  },
  (t) => [index('contratos_servicio_token_idx').on(t.empresaId, t.TokenHash)],
);

/** The contract template, versioned: every save is a new version; the newest is used. */
export const contratoPlantillas = pgTable('contrato_plantillas', {
  Id: idIdentidad().primaryKey(),
  Version: integer('version').notNull().unique(),
  Titulo: text('titulo').notNull(),
  Cuerpo: text('cuerpo').notNull(),
  Autor: text('autor').notNull(),
  Creado: instanteDate('creado').notNull().defaultNow(),
});

/** Notices from the platform to all companies or some (by account type / plan), with priority (a, m, b, i). */
export const avisosPlataforma = pgTable('avisos_plataforma', {
  Id: idIdentidad().primaryKey(),
  Titulo: text('titulo').notNull(),
  Texto: text('texto').notNull(),
  Prioridad: text('prioridad').notNull().default('i'),
  TiposCuenta: jsonb('tipos_cuenta').$type<string[]>().notNull().default([]),
  Planes: jsonb('planes').$type<string[]>().notNull().default([]),
  Destinatarios: integer('destinatarios').notNull().default(0),
  Autor: text('autor').notNull(),
  Creado: instanteDate('creado').notNull().defaultNow(),
});

/** A notice as it reached one user (their notifications; read or not). */
export const avisosUsuarios = pgTable(
  'avisos_usuarios',
  {
    empresaId: empresaId(),
    personaId: ref('persona_id').notNull(),
    IdAviso: ref('id_aviso')
      .notNull()
      .references(() => avisosPlataforma.Id, { onDelete: 'cascade' }),
    Leido: instanteDate('leido'),
  },
  (t) => [primaryKey({ name: 'avisos_usuarios_pk', columns: [t.empresaId, t.personaId, t.IdAviso] })],
);

export const videosCategorias = pgTable('videos_categorias', {
  Id: idIdentidad().primaryKey(),
  Nombre: text('nombre').notNull(),
  Orden: integer('orden').notNull().default(0),
  Baja: boolean('baja').notNull().default(false),
});

export const videos = pgTable('videos', {
  Id: idIdentidad().primaryKey(),
  IdCategoria: ref('id_categoria')
    .notNull()
    .references(() => videosCategorias.Id),
  Titulo: text('titulo').notNull(),
  Descripcion: text('descripcion').notNull().default(''),
  Url: text('url').notNull(),
  /** Account types that see it; empty = all. */
  TiposCuenta: jsonb('tipos_cuenta').$type<string[]>().notNull().default([]),
  Orden: integer('orden').notNull().default(0),
  Baja: boolean('baja').notNull().default(false),
});

/** Product versions and their release notes; the newest is the session's product version. */
export const versiones = pgTable('versiones', {
  Id: idIdentidad().primaryKey(),
  Version: text('version').notNull().unique(),
  Fecha: text('fecha').notNull(),
  Notas: text('notas').notNull(),
});

/** Groups of server errors marked resolved (key: route + error name + message). */
export const erroresResueltos = pgTable('errores_resueltos', {
  Grupo: text('grupo').primaryKey(),
  Resuelto: instanteDate('resuelto').notNull().defaultNow(),
  Por: text('por').notNull(),
});

/** An advisory firm's public profile and settings (empresa_id: the firm). */
export const asesoriaPerfil = pgTable('asesoria_perfil', {
  empresaId: empresaId().primaryKey(),
  Provincia: text('provincia').notNull().default(''),
  Especialidades: jsonb('especialidades').$type<string[]>().notNull().default([]),
  Descripcion: text('descripcion').notNull().default(''),
  /** Default permission level of its staff in client companies (1 list, 2 edit, 3 delete). */
  NivelDefecto: integer('nivel_defecto').notNull().default(1),
  Visible: boolean('visible').notNull().default(true),
});

/** The level an advisory firm holds in each client (beside `asesoria_clientes`, the link itself). */
export const asesoriaNiveles = pgTable(
  'asesoria_niveles',
  {
    empresaId: empresaId(),
    clienteEmpresaId: ref('cliente_empresa_id').notNull(),
    Nivel: integer('nivel').notNull().default(1),
    Creado: instanteDate('creado').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'asesoria_niveles_pk', columns: [t.empresaId, t.clienteEmpresaId] })],
);

/** Which clients each staff member of the firm serves (none listed = all). */
export const asesoriaAsignaciones = pgTable(
  'asesoria_asignaciones',
  {
    empresaId: empresaId(),
    personaId: ref('persona_id').notNull(),
    clienteEmpresaId: ref('cliente_empresa_id').notNull(),
  },
  (t) => [primaryKey({ name: 'asesoria_asignaciones_pk', columns: [t.empresaId, t.personaId, t.clienteEmpresaId] })],
);

/** Requests from companies that want the firm (empresa_id: the firm; `solicitante`: the company). */
export const asesoriaSolicitudes = tablaEmpresa(
  'asesoria_solicitudes',
  {
    IdSolicitante: ref('id_solicitante')
      .notNull()
      .references(() => empresas.id),
    Solicitante: text('solicitante').notNull(),
    Mensaje: text('mensaje').notNull().default(''),
    Estado: text('estado').notNull().default('pendiente'), // pendiente | aceptada | rechazada
    Motivo: text('motivo'),
    Nivel: integer('nivel').notNull().default(1),
    Creado: instanteDate('creado').notNull().defaultNow(),
    Resuelto: instanteDate('resuelto'),
  },
  (t) => [index('asesoria_solicitudes_estado_idx').on(t.empresaId, t.Estado)],
);
