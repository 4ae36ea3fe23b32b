// Tables of the academy (issue 17). Re-exported by schema.ts so drizzle-kit sees them.
import { ENTITIES } from '@faro/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityTable } from './entityTable.ts';
import { empresas } from './platformTables.ts';

// Simple entities of the academy (docs/ARCHITECTURE.md, "Adding a simple entity"; `academyEntityTables` below).
export const aulasTable = entityTable(ENTITIES.aulas);
export const opcionesTable = entityTable(ENTITIES.opciones);
export const profesoresTable = entityTable(ENTITIES.profesores);
export const cursosTable = entityTable(ENTITIES.cursos);
export const tarifascursoTable = entityTable(ENTITIES.tarifascurso, {}, (t) => [
  index('tarifascurso_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const tutoresTable = entityTable(ENTITIES.tutores, {}, (t) => [
  index('tutores_persona_idx').on(t.empresaId, t.IdPersona),
]);
export const alumnosTable = entityTable(ENTITIES.alumnos, {}, (t) => [
  index('alumnos_persona_idx').on(t.empresaId, t.IdPersona),
  index('alumnos_tutor_idx').on(t.empresaId, t.IdTutor),
]);
export const autorizadosTable = entityTable(ENTITIES.autorizados, {}, (t) => [
  index('autorizados_alumno_idx').on(t.empresaId, t.IdAlumno),
]);
export const cursandoTable = entityTable(ENTITIES.cursando, {}, (t) => [
  index('cursando_alumno_idx').on(t.empresaId, t.IdAlumno),
  index('cursando_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const matriculasonlineTable = entityTable(ENTITIES.matriculasonline);
/** A monthly charge exists once per enrolment and month: the unique key is the job's idempotency guard. */
export const cargosTable = entityTable(ENTITIES.cargos, {}, (t) => [
  uniqueIndex('cargos_mensual_uq').on(t.empresaId, t.IdCursando, t.Periodo).where(sql`${t.Modo} = 'mensual'`),
  index('cargos_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
  index('cargos_factura_idx').on(t.empresaId, t.IdFactura),
]);
export const evaluacionesTable = entityTable(ENTITIES.evaluaciones, {}, (t) => [
  index('evaluaciones_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const diascierreTable = entityTable(ENTITIES.diascierre);
export const horariosTable = entityTable(ENTITIES.horarios, {}, (t) => [
  index('horarios_curso_idx').on(t.empresaId, t.IdCurso),
]);

/** The academy's entity tables by entity name (`tableRegistry.ts` adds them to the generic engine). */
export const academyEntityTables = {
  aulas: aulasTable,
  opciones: opcionesTable,
  profesores: profesoresTable,
  cursos: cursosTable,
  tarifascurso: tarifascursoTable,
  tutores: tutoresTable,
  alumnos: alumnosTable,
  autorizados: autorizadosTable,
  cursando: cursandoTable,
  matriculasonline: matriculasonlineTable,
  cargos: cargosTable,
  evaluaciones: evaluacionesTable,
  diascierre: diascierreTable,
  horarios: horariosTable,
} as const;

const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const id = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** Attendance of one student at one session on one day: a, f, r, v, n (spec section 4). */
export const asistencias = pgTable(
  'asistencias',
  {
    empresaId: empresaId(),
    IdSesion: id('id_sesion'),
    Fecha: text('fecha').notNull(),
    IdAlumno: id('id_alumno'),
    Estado: text('estado').notNull(),
    AnotadaPor: text('anotada_por'),
    AnotadaEn: timestamp('anotada_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'asistencias_pk', columns: [t.empresaId, t.IdSesion, t.Fecha, t.IdAlumno] }),
    index('asistencias_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
  ],
);

/** A student's mark on an evaluation item (0–10). */
export const notas = pgTable(
  'notas',
  {
    empresaId: empresaId(),
    IdEvaluacion: id('id_evaluacion'),
    IdAlumno: id('id_alumno'),
    Nota: numeric('nota', { precision: 5, scale: 2 }),
  },
  (t) => [
    primaryKey({ name: 'notas_pk', columns: [t.empresaId, t.IdEvaluacion, t.IdAlumno] }),
    index('notas_alumno_idx').on(t.empresaId, t.IdAlumno),
  ],
);

/** The final mark of a course and term when the calculation is manual or by template. */
export const notasFinales = pgTable(
  'notas_finales',
  {
    empresaId: empresaId(),
    IdCurso: id('id_curso'),
    IdAlumno: id('id_alumno'),
    Trimestre: integer('trimestre').notNull(),
    Nota: numeric('nota', { precision: 5, scale: 2 }),
  },
  (t) => [primaryKey({ name: 'notas_finales_pk', columns: [t.empresaId, t.IdCurso, t.IdAlumno, t.Trimestre] })],
);

/** The company's academy counters (student code, enrolment code): next value by key. */
export const contadoresAcademia = pgTable(
  'contadores_academia',
  {
    empresaId: empresaId(),
    Clave: text('clave').notNull(),
    Valor: integer('valor').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'contadores_academia_pk', columns: [t.empresaId, t.Clave] })],
);

/** Public student sign-up (registroalu) waiting for the e-mail confirmation. */
export const altasAlumno = pgTable(
  'altas_alumno',
  {
    empresaId: empresaId(),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    Email: text('email').notNull(),
    Nombre: text('nombre').notNull(),
    Apellidos: text('apellidos').notNull(),
    TokenHash: text('token_hash').notNull(),
    CreadaEn: timestamp('creada_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ConfirmadaEn: timestamp('confirmada_en', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'altas_alumno_pk', columns: [t.empresaId, t.Id] }),
    uniqueIndex('altas_alumno_token_uq').on(t.empresaId, t.TokenHash),
  ],
);
