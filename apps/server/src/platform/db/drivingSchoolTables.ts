// Tables of the driving school: the simple entities derived from their definitions, plus the practical
// classes calendar and the students' class packs. Re-exported by schema.ts so drizzle-kit sees them;
// `tableRegistry.ts` adds `drivingSchoolEntityTables` to the generic engine.
import { ENTITIES, NUMERIC_PRECISION } from '@faro/domain';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { alumnosTable, profesoresTable } from './academyTables.ts';
import { col, entityTable } from './entityTable.ts';
import { empresas } from './platformTables.ts';

export const vehiculosTable = entityTable(ENTITIES.vehiculos);
export const instalaadrTable = entityTable(ENTITIES.instalaadr);
export const ejerciciosTable = entityTable(ENTITIES.ejercicios);
export const curpermisosTable = entityTable(ENTITIES.curpermisos);
export const tasasdgtTable = entityTable(ENTITIES.tasasdgt, {}, (t) => [
  index('tasasdgt_alumno_idx').on(t.empresaId, t.IdAlumno),
]);
export const citasauesTable = entityTable(ENTITIES.citasaues, {}, (t) => [
  index('citasaues_alumno_idx').on(t.empresaId, t.IdAlumno),
]);
export const calexamenesTable = entityTable(ENTITIES.calexamenes, {}, (t) => [
  index('calexamenes_fecha_idx').on(t.empresaId, t.Fecha),
  index('calexamenes_alumno_idx').on(t.empresaId, t.IdAlumno),
]);
export const confavisosTable = entityTable(ENTITIES.confavisos);
export const confautoescuelaTable = entityTable(ENTITIES.confautoescuela);

/** The driving school's entity tables by entity name. */
export const drivingSchoolEntityTables = {
  vehiculos: vehiculosTable,
  instalaadr: instalaadrTable,
  ejercicios: ejerciciosTable,
  curpermisos: curpermisosTable,
  tasasdgt: tasasdgtTable,
  citasaues: citasauesTable,
  calexamenes: calexamenesTable,
  confavisos: confavisosTable,
  confautoescuela: confautoescuelaTable,
} as const;

const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const ref = (name: string) => bigint(name, { mode: 'number' });

/**
 * A practical class: instructor (a teacher), vehicle, student, day, start and minutes, pick-up point. `Estado`
 * reservada → confirmada (the instructor) → realizada | nopresentado, or anulada; `Consumo` s/c: whether it took a
 * class from the student's pack; `IdCargo` the charge when it was paid one by one or missed.
 */
export const clasesPracticas = pgTable(
  'clases_practicas',
  {
    empresaId: empresaId(),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    IdProfesor: ref('id_profesor').notNull(),
    IdVehiculo: ref('id_vehiculo'),
    IdAlumno: ref('id_alumno').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Hora: text('hora').notNull(),
    Minutos: integer('minutos').notNull(),
    Recogida: text('recogida'),
    Estado: text('estado').notNull().default('reservada'),
    Consumo: text('consumo').notNull().default('s'),
    NoPresentado: boolean('no_presentado').notNull().default(false),
    IdCargo: ref('id_cargo'),
    Ejercicios: text('ejercicios'),
    Observaciones: text('observaciones'),
    ConfirmadaEn: timestamp('confirmada_en', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'clases_practicas_pk', columns: [t.empresaId, t.Id] }),
    index('clases_practicas_profesor_idx').on(t.empresaId, t.Fecha, t.IdProfesor),
    index('clases_practicas_vehiculo_idx').on(t.empresaId, t.IdVehiculo, t.Fecha),
    index('clases_practicas_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
    foreignKey({
      name: 'clases_practicas_profesor_fk',
      columns: [t.empresaId, t.IdProfesor],
      foreignColumns: [col(profesoresTable, 'empresaId'), col(profesoresTable, 'Id')],
    }),
    foreignKey({
      name: 'clases_practicas_alumno_fk',
      columns: [t.empresaId, t.IdAlumno],
      foreignColumns: [col(alumnosTable, 'empresaId'), col(alumnosTable, 'Id')],
    }),
    foreignKey({
      name: 'clases_practicas_vehiculo_fk',
      columns: [t.empresaId, t.IdVehiculo],
      foreignColumns: [col(vehiculosTable, 'empresaId'), col(vehiculosTable, 'Id')],
    }),
  ],
);

/** A pack of practical classes sold to a student (its price is charged as a `cargos` row). */
export const packsClases = pgTable(
  'packs_clases',
  {
    empresaId: empresaId(),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    IdAlumno: ref('id_alumno').notNull(),
    IdCurPermiso: ref('id_curpermiso'),
    Clases: integer('clases').notNull(),
    PrecioClase: numeric('precio_clase', { precision: NUMERIC_PRECISION.money, scale: 2 }),
    Importe: numeric('importe', { precision: NUMERIC_PRECISION.money, scale: 2 }).notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    IdCargo: ref('id_cargo'),
  },
  (t) => [
    primaryKey({ name: 'packs_clases_pk', columns: [t.empresaId, t.Id] }),
    index('packs_clases_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
    foreignKey({
      name: 'packs_clases_alumno_fk',
      columns: [t.empresaId, t.IdAlumno],
      foreignColumns: [col(alumnosTable, 'empresaId'), col(alumnosTable, 'Id')],
    }),
  ],
);

/**
 * The school's AUES service settings (one row per company): the service's address, the authorised user and the
 * school's code; the password AES-256-GCM under the server secret, like the VeriFactu certificate.
 */
export const auesConfig = pgTable('aues_config', {
  empresaId: empresaId().primaryKey(),
  Url: text('url').notNull(),
  Usuario: text('usuario').notNull(),
  Clave: text('clave'),
  CodigoAutoescuela: text('codigo_autoescuela').notNull(),
  Modificado: timestamp('modificado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Notices to students already queued (confavisos): one row per fact and notice setting — `Clave` is
 * `examen:<calexamenes id>:<confavisos id>`, `clase:<class id>:…`, `tasa:<fee id>:…` — so a fact is never
 * notified twice. `IdMensaje` is the marketing queue's row that carries it.
 */
export const avisosAutoescuela = pgTable(
  'avisos_autoescuela',
  {
    empresaId: empresaId(),
    Clave: text('clave').notNull(),
    Evento: text('evento').notNull(),
    IdAviso: ref('id_aviso').notNull(),
    IdAlumno: ref('id_alumno').notNull(),
    IdCampana: ref('id_campana'),
    Creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'avisos_autoescuela_pk', columns: [t.empresaId, t.Clave] }),
    index('avisos_autoescuela_alumno_idx').on(t.empresaId, t.IdAlumno),
  ],
);
