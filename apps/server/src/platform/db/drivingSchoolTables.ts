// Tables of the driving school's simple entities (issue 18), derived from their definitions. Re-exported by
// schema.ts so drizzle-kit sees them; `tableRegistry.ts` adds `drivingSchoolEntityTables` to the generic engine.
import { ENTITIES } from '@faro/domain';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from './entityTable.ts';

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
