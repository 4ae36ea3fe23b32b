import { comerciales, ENTITIES, empleados, sitlaboral } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { dia, empresaId, instanteDate, ref, refPersona, tablaEmpresa } from '../../platform/db/columns.ts';
import { entityTable, searchFields, trigramIndexes } from '../../platform/db/entityTable.ts';

/** Employees (searched by trigram), sales agents, employment situations, absences, holidays, commission rules. */
export const empleadosTable = entityTable(empleados, {}, (t) =>
  trigramIndexes('empleados', t, searchFields(empleados)),
);
export const comercialesTable = entityTable(comerciales);
export const sitlaboralTable = entityTable(sitlaboral);
export const ausenciasTable = entityTable(ENTITIES.ausencias);
export const festivosTable = entityTable(ENTITIES.festivos);
export const reglascomisionTable = entityTable(ENTITIES.reglascomision);

/**
 * People and the inspection-ready time clock. The entries themselves are `fichajes` (platformTables.ts,
 * hash-chained per person); here: corrections (never edits), the worker's acceptance of a monthly sheet and the
 * inspector's read-only, time-limited links with every access audited.
 */

/**
 * A proposed correction of the time clock: a missing entry (IdFichaje null: the state and instant to add) or a
 * wrong one (IdFichaje: the entry it amends, the right instant). Proposed by the worker ('t') or a manager ('r'); it
 * takes effect only when the other side approves: then a new chained entry is appended (fichajes.corrige_id = this
 * correction's id, its instant the corrected one). The original entry is never touched.
 */
export const fichajesCorrecciones = tablaEmpresa(
  'fichajes_correcciones',
  {
    IdPersona: refPersona('persona_id').notNull(),
    IdFichaje: ref('fichaje_id'),
    Estado: text('estado').notNull(),
    Fecha: instanteDate('fecha').notNull(),
    MotivoPausa: text('motivo_pausa'),
    Motivo: text('motivo').notNull(),
    /** 't' trabajador | 'r' responsable. */
    PropuestaPor: text('propuesta_por').notNull(),
    IdProponente: refPersona('proponente_id').notNull(),
    PropuestaEn: instanteDate('propuesta_en').notNull().defaultNow(),
    /** 'pendiente' | 'aprobada' | 'rechazada'. */
    Situacion: text('situacion').notNull().default('pendiente'),
    IdResolutor: refPersona('resolutor_id'),
    ResueltaEn: instanteDate('resuelta_en'),
    Respuesta: text('respuesta'),
    IdFichajeNuevo: ref('fichaje_nuevo_id'),
  },
  (t) => [index('fichajes_correcciones_persona_idx').on(t.empresaId, t.IdPersona, t.Situacion)],
);

/** The worker's acceptance ("firma") of a monthly sheet: what they saw (totals and the sheet's hash) and when. */
export const fichajesAceptaciones = tablaEmpresa(
  'fichajes_aceptaciones',
  {
    IdPersona: refPersona('persona_id').notNull(),
    Mes: text('mes').notNull(),
    Trabajados: ref('trabajados').notNull(),
    Huella: text('huella').notNull(),
    AceptadaEn: instanteDate('aceptada_en').notNull().defaultNow(),
    Ip: text('ip'),
  },
  (t) => [uniqueIndex('fichajes_aceptaciones_mes_uq').on(t.empresaId, t.IdPersona, t.Mes)],
);

/**
 * A read-only, time-limited link for a labour inspector or the workers' representatives: the period it shows
 * (Desde–Hasta, all employees or one), until when it works, who made it. The token is `<empresa>.<id>.<secret>`;
 * only the secret's SHA-256 is kept.
 */
export const inspeccionEnlaces = tablaEmpresa('inspeccion_enlaces', {
  Destinatario: text('destinatario').notNull(),
  Desde: dia('desde').notNull(),
  Hasta: dia('hasta').notNull(),
  IdPersona: refPersona('persona_id'),
  Caduca: instanteDate('caduca').notNull(),
  SecretoHash: text('secreto_hash').notNull(),
  IdCreador: refPersona('creador_id').notNull(),
  CreadoEn: instanteDate('creado_en').notNull().defaultNow(),
  Revocado: instanteDate('revocado'),
});

/** Every use of an inspector link (and every refused one): when, from where, what. */
export const inspeccionAccesos = tablaEmpresa(
  'inspeccion_accesos',
  {
    IdEnlace: ref('enlace_id').notNull(),
    Fecha: instanteDate('fecha').notNull().default(sql`now()`),
    Accion: text('accion').notNull(),
    Ip: text('ip'),
    Agente: text('agente'),
    Resultado: text('resultado').notNull(),
  },
  (t) => [index('inspeccion_accesos_enlace_idx').on(t.empresaId, t.IdEnlace, t.Fecha)],
);

/** Kiosk PINs (a shared tablet: employee code + PIN), one per person, kept as a salted SHA-256. */
export const fichajesPines = pgTable(
  'fichajes_pines',
  {
    empresaId: empresaId(),
    IdPersona: refPersona('persona_id').notNull(),
    PinHash: text('pin_hash').notNull(),
    Fallos: ref('fallos').notNull().default(0),
    CambiadoEn: instanteDate('cambiado_en').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'fichajes_pines_pk', columns: [t.empresaId, t.IdPersona] })],
);
