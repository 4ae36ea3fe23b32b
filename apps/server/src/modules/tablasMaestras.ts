import {
  almacenes,
  clientes,
  clientespot,
  comerciales,
  conceptosmovs,
  configura,
  contratos,
  ENTITIES,
  type EntityDef,
  empleados,
  familias,
  fpago,
  gruposcto,
  movimientosstock,
  plantemail,
  productos,
  proveedores,
  segmentacion,
  series,
  sitlaboral,
  stock,
  tarifas,
  tarifaslineas,
  tesoreria,
  tiposiva,
} from '@faro/domain';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresaId, idIdentidad, instanteDate, ref } from '../platform/db/columns.ts';
import { entityTable } from '../platform/db/entityTable.ts';

/**
 * Tables of the master data. Text search (ILIKE '%x%' on names, codes and NIFs) runs on trigram GIN
 * indexes (`pg_trgm`, created by migration 0002) on PostgreSQL and PGlite alike. They are the one kind of index
 * that does not lead with empresa_id: a (empresa_id, col gin_trgm_ops) GIN index (btree_gin) measured 25 times
 * slower and the planner then preferred a sequential scan; the company filter is applied on the few matching rows.
 * Non-unique indexes need not carry the distribution column in Citus (schemaRules.test.ts allows `*_trgm`).
 */
// biome-ignore lint/suspicious/noExplicitAny: columns of a derived table
const trigram = (table: string, t: any, fields: string[]) =>
  fields.map((f) =>
    index(`${table}_${f.toLowerCase()}_trgm`).using('gin', t[f].op('gin_trgm_ops')).with({ fastupdate: false }),
  );

/** One trigram index per search field of the entity: `Buscar` ORs them all, and one field without an index would
 * turn the whole search into a sequential scan. */
const searchFields = (entity: EntityDef) =>
  Object.entries(entity.fields)
    .filter(([, f]) => f.search)
    .map(([k]) => k);

// biome-ignore lint/suspicious/noExplicitAny: columns of a derived table
const contactIndexes = (entity: EntityDef) => (t: any) => [
  ...trigram(entity.name, t, searchFields(entity)),
  index(`${entity.name}_nif_idx`).on(t.empresaId, t.NIF),
];

export const clientesTable = entityTable(clientes, {}, contactIndexes(clientes));
export const clientespotTable = entityTable(clientespot, {}, contactIndexes(clientespot));
export const proveedoresTable = entityTable(proveedores, {}, contactIndexes(proveedores));
export const gruposctoTable = entityTable(gruposcto);

export const productosTable = entityTable(productos, {}, (t) => [
  ...trigram('productos', t, searchFields(productos)),
  index('productos_codigo_barras_idx').on(t.empresaId, t.CodigoBarras),
]);
export const familiasTable = entityTable(familias);
export const tarifasTable = entityTable(tarifas);
export const tarifaslineasTable = entityTable(tarifaslineas, {}, (t) => [
  index('tarifaslineas_producto_idx').on(t.empresaId, t.IdTarifa, t.IdProducto),
]);
export const almacenesTable = entityTable(almacenes);
export const stockTable = entityTable(stock, {}, (t) => [
  uniqueIndex('stock_producto_almacen_uq').on(t.empresaId, t.IdProducto, t.IdAlmacen),
]);
export const movimientosstockTable = entityTable(movimientosstock, {}, (t) => [
  index('movimientosstock_producto_idx').on(t.empresaId, t.IdProducto, t.Fecha),
]);

export const seriesTable = entityTable(series, {}, (t) => [
  uniqueIndex('series_codigo_tipo_uq').on(t.empresaId, t.Codigo, t.TipoDocumento),
  uniqueIndex('series_defecto_uq').on(t.empresaId, t.TipoDocumento).where(sql`${t.Defecto}`),
]);
export const fpagoTable = entityTable(fpago);
export const tiposivaTable = entityTable(tiposiva);
export const contratosTable = entityTable(contratos);
export const configuraTable = entityTable(configura, {}, (t) => [uniqueIndex('configura_empresa_uq').on(t.empresaId)]);

export const tesoreriaTable = entityTable(tesoreria);
export const conceptosmovsTable = entityTable(conceptosmovs);

export const empleadosTable = entityTable(empleados, {}, (t) => trigram('empleados', t, searchFields(empleados)));
export const comercialesTable = entityTable(comerciales);
export const sitlaboralTable = entityTable(sitlaboral);

export const plantemailTable = entityTable(plantemail);
export const segmentacionTable = entityTable(segmentacion);

// Simple entities: one line each (docs/ARCHITECTURE.md, "Adding a simple entity").
export const examinadoresTable = entityTable(ENTITIES.examinadores);
export const ausenciasTable = entityTable(ENTITIES.ausencias);
export const festivosTable = entityTable(ENTITIES.festivos);
export const reglascomisionTable = entityTable(ENTITIES.reglascomision);

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
