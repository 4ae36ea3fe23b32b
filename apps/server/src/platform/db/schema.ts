import { auditoria, centros, roles } from '@faro/domain';
import { bigint } from 'drizzle-orm/pg-core';
import { entityTable } from './entityTable.ts';

export * from './platformTables.ts';

/** Tables derived from entity definitions. */
export const centrosTable = entityTable(centros);
export const rolesTable = entityTable(roles);
export const auditoriaTable = entityTable(auditoria, {
  personaId: bigint('persona_id', { mode: 'number' }),
});
export const entityTables = { centros: centrosTable, roles: rolesTable, auditoria: auditoriaTable } as const;

export * from '../../modules/crm/tablas.ts';
export * from '../../modules/tablasMaestras.ts';
export * from './academyTables.ts';
export * from './adminTables.ts';
export * from './dentalTables.ts';
export * from './drivingSchoolTables.ts';
export * from './dueDates.ts';
export * from './enrolments.ts';
export * from './inmovilizadoTables.ts';
export * from './ledgerTables.ts';
export * from './peopleTables.ts';
export * from './purchaseDocuments.ts';
export * from './purchaseTables.ts';
export * from './recurringInvoices.ts';
export * from './salesDocuments.ts';
export * from './salesTables.ts';
export * from './serverErrors.ts';
export * from './taxTables.ts';
export * from './ticketbaiTables.ts';
export * from './treasuryTables.ts';
export * from './verifactuTables.ts';
