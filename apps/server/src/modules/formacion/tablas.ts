// Tables of the academy. Re-exported by platform/db/schema.ts so drizzle-kit sees them.
import { ENTITIES, type EntityDef } from '@faro/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { empresaId, instanteDate, tablaEmpresa } from '../../platform/db/columns.ts';
import { col, type EntityTable, type ExtraIndexes, entityTable } from '../../platform/db/entityTable.ts';

const tabla = (entity: EntityDef, extraIndexes?: ExtraIndexes) => entityTable(entity, {}, extraIndexes);

/** The columns of an entity table by field name, typed as present (the derived table's index signature says maybe). */
type Declarados<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type Campos<E extends EntityDef> = Record<Declarados<E['fields']> | 'Id' | 'empresaId', PgColumn>;
function campos<E extends EntityDef>(table: EntityTable, entity: E): Campos<E> {
  const keys = ['Id', 'empresaId', ...Object.keys(entity.fields)];
  return Object.fromEntries(keys.map((k) => [k, col(table, k)])) as Campos<E>;
}

// Simple entities of the academy (docs/ARCHITECTURE.md, "Adding a simple entity"; each registers itself for `tableOf`).
export const aulasTable = tabla(ENTITIES.aulas);
export const opcionesTable = tabla(ENTITIES.opciones);
export const profesoresTable = tabla(ENTITIES.profesores);
export const cursosTable = tabla(ENTITIES.cursos);
export const tarifascursoTable = tabla(ENTITIES.tarifascurso, (t) => [
  index('tarifascurso_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const tutoresTable = tabla(ENTITIES.tutores, (t) => [index('tutores_persona_idx').on(t.empresaId, t.IdPersona)]);
export const alumnosTable = tabla(ENTITIES.alumnos, (t) => [
  index('alumnos_persona_idx').on(t.empresaId, t.IdPersona),
  index('alumnos_tutor_idx').on(t.empresaId, t.IdTutor),
]);
export const autorizadosTable = tabla(ENTITIES.autorizados, (t) => [
  index('autorizados_alumno_idx').on(t.empresaId, t.IdAlumno),
]);
export const cursandoTable = tabla(ENTITIES.cursando, (t) => [
  index('cursando_alumno_idx').on(t.empresaId, t.IdAlumno),
  index('cursando_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const matriculasonlineTable = tabla(ENTITIES.matriculasonline);
/** A monthly charge exists once per enrolment and month: the unique key is the job's idempotency guard. */
export const cargosTable = tabla(ENTITIES.cargos, (t) => [
  uniqueIndex('cargos_mensual_uq').on(t.empresaId, t.IdCursando, t.Periodo).where(sql`${t.Modo} = 'mensual'`),
  index('cargos_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
  index('cargos_factura_idx').on(t.empresaId, t.IdFactura),
]);
export const evaluacionesTable = tabla(ENTITIES.evaluaciones, (t) => [
  index('evaluaciones_curso_idx').on(t.empresaId, t.IdCurso),
]);
export const diascierreTable = tabla(ENTITIES.diascierre);
export const horariosTable = tabla(ENTITIES.horarios, (t) => [index('horarios_curso_idx').on(t.empresaId, t.IdCurso)]);

/** Typed column references of the academy's entity tables (`alumnosCols.Nombre`…). */
export const aulasCols = campos(aulasTable, ENTITIES.aulas);
export const opcionesCols = campos(opcionesTable, ENTITIES.opciones);
export const profesoresCols = campos(profesoresTable, ENTITIES.profesores);
export const cursosCols = campos(cursosTable, ENTITIES.cursos);
export const tarifascursoCols = campos(tarifascursoTable, ENTITIES.tarifascurso);
export const tutoresCols = campos(tutoresTable, ENTITIES.tutores);
export const alumnosCols = campos(alumnosTable, ENTITIES.alumnos);
export const autorizadosCols = campos(autorizadosTable, ENTITIES.autorizados);
export const cursandoCols = campos(cursandoTable, ENTITIES.cursando);
export const matriculasonlineCols = campos(matriculasonlineTable, ENTITIES.matriculasonline);
export const cargosCols = campos(cargosTable, ENTITIES.cargos);
export const evaluacionesCols = campos(evaluacionesTable, ENTITIES.evaluaciones);
export const diascierreCols = campos(diascierreTable, ENTITIES.diascierre);
export const horariosCols = campos(horariosTable, ENTITIES.horarios);

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
    AnotadaEn: instanteDate('anotada_en').notNull().defaultNow(),
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
export const altasAlumno = tablaEmpresa(
  'altas_alumno',
  {
    Email: text('email').notNull(),
    Nombre: text('nombre').notNull(),
    Apellidos: text('apellidos').notNull(),
    TokenHash: text('token_hash').notNull(),
    CreadaEn: instanteDate('creada_en').notNull().defaultNow(),
    ConfirmadaEn: instanteDate('confirmada_en'),
  },
  (t) => [uniqueIndex('altas_alumno_token_uq').on(t.empresaId, t.TokenHash)],
);
