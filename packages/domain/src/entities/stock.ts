import { defineEntity } from './defineEntity.ts';

/** Stock on hand per product and warehouse (read-only: it changes only through stock movements). */
export const stock = defineEntity({
  name: 'stock',
  area: 'catalogo',
  label: 'Existencia',
  labelPlural: 'Existencias',
  gender: 'f',
  permission: 'CataAlmacen',
  module: 'ActStock',
  defaultOrder: 'IdProducto',
  titleField: 'IdProducto',
  readOnly: true,
  audit: false,
  fields: {
    IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', list: true, filter: true, readOnly: true },
    IdAlmacen: { kind: 'reference', label: 'Almacén', ref: 'almacenes', list: true, filter: true, readOnly: true },
    Cantidad: {
      kind: 'decimal',
      label: 'Cantidad',
      scale: 3,
      list: true,
      filter: true,
      sortable: true,
      readOnly: true,
    },
  },
});
