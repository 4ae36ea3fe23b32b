/**
 * The company tables a module may name, and nothing else: every one leads with `empresa_id` and is reached only
 * through a `Scope` (`scope.select(table, …)`, `scope.insert(table, …)`…), which adds the company. Platform tables
 * (persons, sessions, companies, jobs, the mail outbox, idempotency, settings) are not here: modules never see them
 * (the company's own row is `scope.company(…)`). `npm run lint` refuses a module import of `platform/db/*`.
 */
import { getTableColumns } from 'drizzle-orm';
import { empresas } from '../db/platformTables.ts';
import type { CompanyTable } from './scope.ts';

// The sales document engine's tables (owned by the documents engine; every table in them is a company table).
export * from '../db/documentTables.ts';
export * from '../db/dueDates.ts';
export { col, type EntityTable } from '../db/entityTable.ts';
export * from '../db/purchaseDocuments.ts';
export * from '../db/salesDocuments.ts';
export * from '../db/salesTables.ts';
/** The derived table of a declared entity by name (every one a company table). */
export { tableOf } from '../db/tableRegistry.ts';

import { matriculas, tutoresAlumnos } from '../db/enrolments.ts';
import {
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
} from '../db/masterTables.ts';
import { fichajes, miembros } from '../db/platformTables.ts';
import {
  facturasRecurrentesGeneradas,
  plantillasRecurrentes,
  plantillasRecurrentesLineas,
} from '../db/recurringInvoices.ts';
import { auditoriaTable, centrosTable, rolesTable } from '../db/schema.ts';
import {
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

export {
  almacenesTable,
  auditoriaTable,
  centrosTable,
  clientespotTable,
  clientesTable,
  comercialesTable,
  conceptosmovsTable,
  configuraTable,
  contratosTable,
  empleadosTable,
  facturasRecurrentesGeneradas,
  familiasTable,
  fichajes,
  ficheros,
  fpagoTable,
  gruposctoTable,
  importaciones,
  matriculas,
  miembros,
  movimientosstockTable,
  plantemailTable,
  plantillasRecurrentes,
  plantillasRecurrentesLineas,
  productosTable,
  proveedoresTable,
  rolesTable,
  segmentacionTable,
  seriesTable,
  sitlaboralTable,
  stockTable,
  tarifaslineasTable,
  tarifasTable,
  tesoreriaTable,
  tiposivaTable,
  tutoresAlumnos,
  verifactuCadena,
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
};

/** Compile-time proof that every table listed is a company table (an `empresaId` column the door filters on). */
export const COMPANY_TABLES = {
  almacenesTable,
  auditoriaTable,
  centrosTable,
  clientespotTable,
  clientesTable,
  comercialesTable,
  conceptosmovsTable,
  configuraTable,
  contratosTable,
  empleadosTable,
  facturasRecurrentesGeneradas,
  familiasTable,
  fichajes,
  ficheros,
  fpagoTable,
  gruposctoTable,
  importaciones,
  matriculas,
  miembros,
  movimientosstockTable,
  plantemailTable,
  plantillasRecurrentes,
  plantillasRecurrentesLineas,
  productosTable,
  proveedoresTable,
  rolesTable,
  segmentacionTable,
  seriesTable,
  sitlaboralTable,
  stockTable,
  tarifaslineasTable,
  tarifasTable,
  tesoreriaTable,
  tiposivaTable,
  tutoresAlumnos,
  verifactuCadena,
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
} satisfies Record<string, CompanyTable>;
