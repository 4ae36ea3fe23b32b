// Configuration's master data: series, payment methods, VAT types, contact groups, contracts, the company's
// settings row, and the company's stored files (logo, attachments) and pending imports.
import { configura, contratos, fpago, gruposcto, series, tiposiva } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresaId, idIdentidad, instanteDate, ref } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/db/entityTable.ts';

export const gruposctoTable = entityTable(gruposcto);

export const seriesTable = entityTable(series, {}, (t) => [
  uniqueIndex('series_codigo_tipo_uq').on(t.empresaId, t.Codigo, t.TipoDocumento),
  uniqueIndex('series_defecto_uq').on(t.empresaId, t.TipoDocumento).where(sql`${t.Defecto}`),
]);
export const fpagoTable = entityTable(fpago);
export const tiposivaTable = entityTable(tiposiva);
export const contratosTable = entityTable(contratos);
export const configuraTable = entityTable(configura, {}, (t) => [uniqueIndex('configura_empresa_uq').on(t.empresaId)]);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (the company logo now; attachments later), kept in the database: transactional, backed up with
 * the data, scoped by company. `clave` is a random name; the bytes are served as an attachment.
 */
export const ficheros = pgTable(
  'ficheros',
  {
    empresaId: empresaId(),
    id: idIdentidad(),
    clave: text('clave').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: integer('tamano').notNull(),
    datos: bytea('datos').notNull(),
    creado: instanteDate('creado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ficheros_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('ficheros_clave_uq').on(t.empresaId, t.clave),
  ],
);

/** A file being imported: its parsed rows wait here, unwritten, until the user confirms (kept 24 h). */
export const importaciones = pgTable(
  'importaciones',
  {
    empresaId: empresaId(),
    id: idIdentidad(),
    recurso: text('recurso').notNull(),
    personaId: ref('persona_id').notNull(),
    nombreFichero: text('nombre_fichero').notNull(),
    columnas: jsonb('columnas').$type<string[]>().notNull(),
    filas: jsonb('filas').$type<string[][]>().notNull(),
    creada: instanteDate('creada').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'importaciones_pk', columns: [t.empresaId, t.id] }),
    index('importaciones_creada_idx').on(t.empresaId, t.creada),
  ],
);
