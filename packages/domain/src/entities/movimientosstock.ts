import { enumOptions } from '../fields/enumOptions.ts';
import { FECHA_REGISTRO } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const TIPOS_MOVIMIENTO_STOCK = enumOptions({
  ajuste: 'Ajuste manual',
  traspaso: 'Traspaso entre almacenes',
  documento: 'Documento',
});

/** Append-only stock movements: manual adjustments and transfers now, documents later. */
export const movimientosstock = defineEntity({
  name: 'movimientosstock',
  area: 'catalogo',
  label: 'Movimiento de stock',
  labelPlural: 'Movimientos de stock',
  gender: 'm',
  permission: 'CataAlmacen',
  module: 'ActStock',
  defaultOrder: 'Fecha',
  titleField: 'Motivo',
  readOnly: true,
  audit: false,
  fields: {
    Fecha: FECHA_REGISTRO,
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_MOVIMIENTO_STOCK, list: true, filter: true, readOnly: true },
    IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', list: true, filter: true, readOnly: true },
    IdAlmacen: { kind: 'reference', label: 'Almacén', ref: 'almacenes', list: true, filter: true, readOnly: true },
    Cantidad: { kind: 'decimal', label: 'Cantidad', scale: 3, list: true, readOnly: true },
    StockResultante: { kind: 'decimal', label: 'Stock resultante', scale: 3, list: true, readOnly: true },
    Motivo: { kind: 'text', label: 'Motivo', maxLength: 200, list: true, search: true, readOnly: true },
    Referencia: {
      kind: 'code',
      label: 'Referencia',
      maxLength: 40,
      filter: true,
      help: 'Une las dos patas de un traspaso',
      readOnly: true,
    },
    UserName: { kind: 'code', label: 'Usuario', list: true, filter: true, readOnly: true },
  },
});
