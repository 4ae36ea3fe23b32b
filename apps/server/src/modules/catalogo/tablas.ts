// The catalogue: products (searched by trigram, found by bar code), families, price lists, warehouses and stock.
import { almacenes, familias, movimientosstock, productos, stock, tarifas, tarifaslineas } from '@faro/domain';
import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityTable, searchFields, trigramIndexes } from '../../platform/db/entityTable.ts';

export const productosTable = entityTable(productos, {}, (t) => [
  ...trigramIndexes('productos', t, searchFields(productos)),
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
