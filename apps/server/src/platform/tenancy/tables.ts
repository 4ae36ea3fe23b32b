/**
 * The company tables a module may name, and nothing else: every one leads with `empresa_id` and is reached only
 * through a `Scope` (`scope.select(table, …)`, `scope.insert(table, …)`…), which adds the company. Platform tables
 * (persons, sessions, companies, jobs, the mail outbox, idempotency, settings) are not here: modules never see them
 * (the company's own row is `scope.company(…)`). `npm run lint` refuses a module import of `platform/db/*`.
 * Each area declares its tables beside its code (`modules/<area>/tablas*.ts`; the document engine's in
 * `modules/documentos/`); they are re-exported here.
 */
import { getTableColumns } from 'drizzle-orm';
import { empresas } from '../db/platformTables.ts';

export * from '../../modules/documentos/tablas.ts';
export {
  facturasRecurrentesCompraGeneradas,
  facturasRecurrentesGeneradas,
  plantillasRecurrentes,
  plantillasRecurrentesCompra,
  plantillasRecurrentesCompraLineas,
  plantillasRecurrentesLineas,
  type TablasPlantilla,
} from '../../modules/documentos/tablasRecurrentes.ts';
export { matriculas, tutoresAlumnos } from '../../modules/formacion/tablasMatriculas.ts';
export {
  verifactuCadena,
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
} from '../../modules/ventas/verifactu/tablas.ts';
export { col, type EntityTable } from '../db/entityTable.ts';
export { fichajes, miembros } from '../db/platformTables.ts';
export { auditoriaTable, centrosTable, rolesTable } from '../db/schema.ts';
export * from '../db/tablasAreas.ts';
/** The derived table of a declared entity by name (every one a company table). */
export { tableOf } from '../db/tableRegistry.ts';

/** Column references of the company's own row, for `scope.company({ nombre: empresa.nombre, … })`. */
export const empresa = getTableColumns(empresas);
/** The company's own row as read by `scope.company(empresa)`. */
export type EmpresaRow = typeof empresas.$inferSelect;
