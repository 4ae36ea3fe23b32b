/**
 * The company tables a module may name, and nothing else: every one leads with `empresa_id` and is reached only
 * through a `Scope` (`scope.select(table, …)`, `scope.insert(table, …)`…), which adds the company. Platform tables
 * (persons, sessions, companies, jobs, the mail outbox, idempotency, settings) are not here: modules never see them
 * (the company's own row is `scope.company(…)`). `npm run lint` refuses a module import of `platform/db/*`.
 */
import { getTableColumns } from 'drizzle-orm';
import { empresas } from '../db/platformTables.ts';

export * from '../../modules/crm/tablas.ts';
export {
  almacenesTable,
  clientespotTable,
  clientesTable,
  comercialesTable,
  conceptosmovsTable,
  configuraTable,
  contratosTable,
  empleadosTable,
  familiasTable,
  ficheros,
  fpagoTable,
  gruposctoTable,
  importaciones,
  movimientosstockTable,
  plantemailTable,
  productosTable,
  proveedoresTable,
  segmentacionTable,
  seriesTable,
  sitlaboralTable,
  stockTable,
  tarifaslineasTable,
  tarifasTable,
  tesoreriaTable,
  tiposivaTable,
} from '../../modules/tablasMaestras.ts';
// Each area's own tables file (every table in it a company table).
export * from '../db/academyTables.ts';
export * from '../db/dentalTables.ts';
// The sales document engine's tables (owned by the documents engine; every table in them is a company table).
export * from '../db/documentTables.ts';
export * from '../db/drivingSchoolTables.ts';
export * from '../db/dueDates.ts';
export { matriculas, tutoresAlumnos } from '../db/enrolments.ts';
export { col, type EntityTable } from '../db/entityTable.ts';
export * from '../db/inmovilizadoTables.ts';
export * from '../db/ledgerTables.ts';
export * from '../db/peopleTables.ts';
export { fichajes, miembros } from '../db/platformTables.ts';
export * from '../db/purchaseDocuments.ts';
export * from '../db/purchaseTables.ts';
export {
  facturasRecurrentesCompraGeneradas,
  facturasRecurrentesGeneradas,
  plantillasRecurrentes,
  plantillasRecurrentesCompra,
  plantillasRecurrentesCompraLineas,
  plantillasRecurrentesLineas,
  type TablasPlantilla,
} from '../db/recurringInvoices.ts';
export * from '../db/salesDocuments.ts';
export * from '../db/salesTables.ts';
export { auditoriaTable, centrosTable, rolesTable } from '../db/schema.ts';
/** The derived table of a declared entity by name (every one a company table). */
export { tableOf } from '../db/tableRegistry.ts';
export * from '../db/taxTables.ts';
export * from '../db/ticketbaiTables.ts';
export * from '../db/treasuryTables.ts';
export {
  verifactuCadena,
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
} from '../db/verifactuTables.ts';

/** Column references of the company's own row, for `scope.company({ nombre: empresa.nombre, … })`. */
export const empresa = getTableColumns(empresas);
/** The company's own row as read by `scope.company(empresa)`. */
export type EmpresaRow = typeof empresas.$inferSelect;
