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

// drizzle-kit's entry (drizzle.config.ts): the platform's tables and every module's own, re-exported.
export * from '../../modules/autoescuela/tablas.ts';
export * from '../../modules/catalogo/tablas.ts';
export * from '../../modules/compras/tablas.ts';
export * from '../../modules/comunicaciones/tablas.ts';
export * from '../../modules/configuracion/tablas.ts';
export * from '../../modules/contabilidad/tablas.ts';
export * from '../../modules/contabilidad/tablasInmovilizado.ts';
export * from '../../modules/contactos/tablas.ts';
export * from '../../modules/crm/tablas.ts';
export * from '../../modules/documentos/tablasCompra.ts';
export * from '../../modules/documentos/tablasNumeracion.ts';
export * from '../../modules/documentos/tablasPago.ts';
export * from '../../modules/documentos/tablasRecurrentes.ts';
export * from '../../modules/documentos/tablasVenta.ts';
export * from '../../modules/efactura/buzon/tablas.ts';
export * from '../../modules/efactura/envio/tablas.ts';
export * from '../../modules/efactura/estados/tablas.ts';
export * from '../../modules/formacion/tablas.ts';
export * from '../../modules/formacion/tablasMatriculas.ts';
export * from '../../modules/impuestos/tablas.ts';
export * from '../../modules/odontologia/tablas.ts';
export * from '../../modules/rrhh/tablas.ts';
export * from '../../modules/tesoreria/tablas.ts';
export * from '../../modules/ticketbai/tablas.ts';
export * from '../../modules/ventas/verifactu/tablas.ts';
export * from '../admin/tablas.ts';
export * from './serverErrors.ts';
