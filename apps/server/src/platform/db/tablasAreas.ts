/**
 * The areas' tables that are wholly company tables, each declared beside its code (`modules/<area>/tablas*.ts`):
 * re-exported by schema.ts (drizzle-kit's entry, with the rest) and by platform/tenancy/tables.ts (what modules may
 * name), so that a new area's tables are listed once.
 */
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
export * from '../../modules/documentos/tablasVenta.ts';
export * from '../../modules/efactura/buzon/tablas.ts';
export * from '../../modules/efactura/envio/tablas.ts';
export * from '../../modules/efactura/estados/tablas.ts';
export * from '../../modules/formacion/tablas.ts';
export * from '../../modules/impuestos/tablas.ts';
export * from '../../modules/odontologia/tablas.ts';
export * from '../../modules/rrhh/tablas.ts';
export * from '../../modules/tesoreria/tablas.ts';
export * from '../../modules/ticketbai/tablas.ts';
