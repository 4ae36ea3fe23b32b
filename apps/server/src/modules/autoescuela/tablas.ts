// Tables of the driving school: the simple entities derived from their definitions, plus the practical
// classes calendar and the students' class packs. Re-exported by platform/db/schema.ts so drizzle-kit sees them;
// each derived table registers itself for the generic engine (`tableOf`).
import { ENTITIES, NUMERIC_PRECISION } from '@faro/domain';
import { boolean, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dia, empresaId, fkEmpresa, instanteDate, ref, tablaEmpresa } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/db/entityTable.ts';
import { alumnosTable, profesoresTable } from '../formacion/tablas.ts';

export const examinadoresTable = entityTable(ENTITIES.examinadores);
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

/**
 * A practical class: instructor (a teacher), vehicle, student, day, start and minutes, pick-up point. `Estado`
 * reservada → confirmada (the instructor) → realizada | nopresentado, or anulada; `Consumo` s/c: whether it took a
 * class from the student's pack; `IdCargo` the charge when it was paid one by one or missed.
 */
export const clasesPracticas = tablaEmpresa(
  'clases_practicas',
  {
    IdProfesor: ref('id_profesor').notNull(),
    IdVehiculo: ref('id_vehiculo'),
    IdAlumno: ref('id_alumno').notNull(),
    Fecha: dia('fecha').notNull(),
    Hora: text('hora').notNull(),
    Minutos: integer('minutos').notNull(),
    Recogida: text('recogida'),
    Estado: text('estado').notNull().default('reservada'),
    Consumo: text('consumo').notNull().default('s'),
    NoPresentado: boolean('no_presentado').notNull().default(false),
    IdCargo: ref('id_cargo'),
    Ejercicios: text('ejercicios'),
    Observaciones: text('observaciones'),
    ConfirmadaEn: instanteDate('confirmada_en'),
  },
  (t) => [
    index('clases_practicas_profesor_idx').on(t.empresaId, t.Fecha, t.IdProfesor),
    index('clases_practicas_vehiculo_idx').on(t.empresaId, t.IdVehiculo, t.Fecha),
    index('clases_practicas_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
    fkEmpresa('clases_practicas_profesor_fk', t, t.IdProfesor, profesoresTable),
    fkEmpresa('clases_practicas_alumno_fk', t, t.IdAlumno, alumnosTable),
    fkEmpresa('clases_practicas_vehiculo_fk', t, t.IdVehiculo, vehiculosTable),
  ],
);

/** A pack of practical classes sold to a student (its price is charged as a `cargos` row). */
export const packsClases = tablaEmpresa(
  'packs_clases',
  {
    IdAlumno: ref('id_alumno').notNull(),
    IdCurPermiso: ref('id_curpermiso'),
    Clases: integer('clases').notNull(),
    PrecioClase: numeric('precio_clase', { precision: NUMERIC_PRECISION.money, scale: 2 }),
    Importe: numeric('importe', { precision: NUMERIC_PRECISION.money, scale: 2 }).notNull(),
    Fecha: dia('fecha').notNull(),
    IdCargo: ref('id_cargo'),
  },
  (t) => [
    index('packs_clases_alumno_idx').on(t.empresaId, t.IdAlumno, t.Fecha),
    fkEmpresa('packs_clases_alumno_fk', t, t.IdAlumno, alumnosTable),
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
  Modificado: instanteDate('modificado').notNull().defaultNow(),
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
    Creado: instanteDate('creado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'avisos_autoescuela_pk', columns: [t.empresaId, t.Clave] }),
    index('avisos_autoescuela_alumno_idx').on(t.empresaId, t.IdAlumno),
  ],
);
