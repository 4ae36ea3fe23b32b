import { defineEntity } from './defineEntity.ts';

/** Document kinds that number through a series (spec section 3, plus the simplified and purchase ones). */
export const TIPOS_DOCUMENTO_SERIE = [
  { value: 'presupuesto', label: 'Presupuesto' },
  { value: 'pedido', label: 'Pedido' },
  { value: 'albaran', label: 'Albarán' },
  { value: 'factura', label: 'Factura' },
  { value: 'rectificativa', label: 'Factura rectificativa' },
  { value: 'simplificada', label: 'Factura simplificada' },
  { value: 'rectificativasimplificada', label: 'Factura rectificativa simplificada' },
  { value: 'gasto', label: 'Gasto' },
  { value: 'pedidocompra', label: 'Pedido de compra' },
  { value: 'albarancompra', label: 'Albarán de compra' },
  { value: 'facturacompra', label: 'Factura de compra' },
] as const;

/**
 * Numbering series per document kind. Corrective invoices need their own series (RD 1619/2012 art. 6); a series
 * with ReinicioAnual numbers from 1 each year (the number counters come with the documents).
 */
export const series = defineEntity({
  name: 'series',
  area: 'configuracion',
  label: 'Serie',
  labelPlural: 'Series',
  gender: 'f',
  permission: 'ConfEmpresa',
  nav: { area: 'configuracion' },
  defaultOrder: 'Codigo',
  titleField: 'Descripcion',
  fields: {
    Codigo: {
      kind: 'code',
      label: 'Código',
      required: true,
      maxLength: 10,
      list: true,
      search: true,
      sortable: true,
    },
    Descripcion: { kind: 'text', label: 'Descripción', required: true, maxLength: 100, list: true, search: true },
    TipoDocumento: {
      kind: 'enum',
      label: 'Tipo de documento',
      options: TIPOS_DOCUMENTO_SERIE,
      required: true,
      list: true,
      filter: true,
    },
    Prefijo: {
      kind: 'text',
      label: 'Prefijo',
      maxLength: 10,
      help: 'Se imprime delante del número: F2025-, R-…',
      list: true,
    },
    ReinicioAnual: { kind: 'boolean', label: 'Reiniciar la numeración cada año', list: true },
    Defecto: { kind: 'boolean', label: 'Serie por defecto de su tipo', list: true, filter: true },
    IdSerieRectificativa: {
      kind: 'reference',
      label: 'Serie de sus rectificativas',
      ref: 'series',
      help: 'Para facturas: la serie con la que se rectifican',
    },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
