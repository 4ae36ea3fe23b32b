import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresas, personas } from './platformTables.ts';

/**
 * People and the inspection-ready time clock. The entries themselves are `fichajes` (platformTables.ts,
 * hash-chained per person); here: corrections (never edits), the worker's acceptance of a monthly sheet and the
 * inspector's read-only, time-limited links with every access audited.
 */
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const persona = (name: string) => bigint(name, { mode: 'number' }).references(() => personas.id);

/**
 * A proposed correction of the time clock: a missing entry (IdFichaje null: the state and instant to add) or a
 * wrong one (IdFichaje: the entry it amends, the right instant). Proposed by the worker ('t') or a manager ('r'); it
 * takes effect only when the other side approves: then a new chained entry is appended (fichajes.corrige_id = this
 * correction's id, its instant the corrected one). The original entry is never touched.
 */
export const fichajesCorrecciones = pgTable(
  'fichajes_correcciones',
  {
    empresaId: empresaId(),
    Id: id(),
    IdPersona: persona('persona_id').notNull(),
    IdFichaje: bigint('fichaje_id', { mode: 'number' }),
    Estado: text('estado').notNull(),
    Fecha: ts('fecha').notNull(),
    MotivoPausa: text('motivo_pausa'),
    Motivo: text('motivo').notNull(),
    /** 't' trabajador | 'r' responsable. */
    PropuestaPor: text('propuesta_por').notNull(),
    IdProponente: persona('proponente_id').notNull(),
    PropuestaEn: ts('propuesta_en').notNull().defaultNow(),
    /** 'pendiente' | 'aprobada' | 'rechazada'. */
    Situacion: text('situacion').notNull().default('pendiente'),
    IdResolutor: persona('resolutor_id'),
    ResueltaEn: ts('resuelta_en'),
    Respuesta: text('respuesta'),
    IdFichajeNuevo: bigint('fichaje_nuevo_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'fichajes_correcciones_pk', columns: [t.empresaId, t.Id] }),
    index('fichajes_correcciones_persona_idx').on(t.empresaId, t.IdPersona, t.Situacion),
  ],
);

/** The worker's acceptance ("firma") of a monthly sheet: what they saw (totals and the sheet's hash) and when. */
export const fichajesAceptaciones = pgTable(
  'fichajes_aceptaciones',
  {
    empresaId: empresaId(),
    Id: id(),
    IdPersona: persona('persona_id').notNull(),
    Mes: text('mes').notNull(),
    Trabajados: bigint('trabajados', { mode: 'number' }).notNull(),
    Huella: text('huella').notNull(),
    AceptadaEn: ts('aceptada_en').notNull().defaultNow(),
    Ip: text('ip'),
  },
  (t) => [
    primaryKey({ name: 'fichajes_aceptaciones_pk', columns: [t.empresaId, t.Id] }),
    uniqueIndex('fichajes_aceptaciones_mes_uq').on(t.empresaId, t.IdPersona, t.Mes),
  ],
);

/**
 * A read-only, time-limited link for a labour inspector or the workers' representatives: the period it shows
 * (Desde–Hasta, all employees or one), until when it works, who made it. The token is `<empresa>.<id>.<secret>`;
 * only the secret's SHA-256 is kept.
 */
export const inspeccionEnlaces = pgTable(
  'inspeccion_enlaces',
  {
    empresaId: empresaId(),
    Id: id(),
    Destinatario: text('destinatario').notNull(),
    Desde: date('desde', { mode: 'string' }).notNull(),
    Hasta: date('hasta', { mode: 'string' }).notNull(),
    IdPersona: persona('persona_id'),
    Caduca: ts('caduca').notNull(),
    SecretoHash: text('secreto_hash').notNull(),
    IdCreador: persona('creador_id').notNull(),
    CreadoEn: ts('creado_en').notNull().defaultNow(),
    Revocado: ts('revocado'),
  },
  (t) => [primaryKey({ name: 'inspeccion_enlaces_pk', columns: [t.empresaId, t.Id] })],
);

/** Every use of an inspector link (and every refused one): when, from where, what. */
export const inspeccionAccesos = pgTable(
  'inspeccion_accesos',
  {
    empresaId: empresaId(),
    Id: id(),
    IdEnlace: bigint('enlace_id', { mode: 'number' }).notNull(),
    Fecha: ts('fecha').notNull().default(sql`now()`),
    Accion: text('accion').notNull(),
    Ip: text('ip'),
    Agente: text('agente'),
    Resultado: text('resultado').notNull(),
  },
  (t) => [
    primaryKey({ name: 'inspeccion_accesos_pk', columns: [t.empresaId, t.Id] }),
    index('inspeccion_accesos_enlace_idx').on(t.empresaId, t.IdEnlace, t.Fecha),
  ],
);

/** Kiosk PINs (a shared tablet: employee code + PIN), one per person, kept as a salted SHA-256. */
export const fichajesPines = pgTable(
  'fichajes_pines',
  {
    empresaId: empresaId(),
    IdPersona: persona('persona_id').notNull(),
    PinHash: text('pin_hash').notNull(),
    Fallos: bigint('fallos', { mode: 'number' }).notNull().default(0),
    CambiadoEn: ts('cambiado_en').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'fichajes_pines_pk', columns: [t.empresaId, t.IdPersona] })],
);
