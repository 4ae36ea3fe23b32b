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

// drizzle-kit's entry (drizzle.config.ts): the platform's tables and every module's own, re-exported (most
// areas' through tablasAreas.ts, the list platform/tenancy/tables.ts shares).
export * from '../../modules/documentos/tablasRecurrentes.ts';
export * from '../../modules/formacion/tablasMatriculas.ts';
export * from '../../modules/ventas/verifactu/tablas.ts';
export * from '../admin/tablas.ts';
export * from './serverErrors.ts';
export * from './tablasAreas.ts';
