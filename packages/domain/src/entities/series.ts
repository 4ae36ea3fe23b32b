import { enumOptions } from '../fields/enumOptions.ts';
import { AJUSTE_POR_CODIGO, BAJA, DESCRIPCION, LISTADO } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Document kinds that number through a series (spec section 3, plus the simplified and purchase ones). */
export const TIPOS_DOCUMENTO_SERIE = enumOptions({
  presupuesto: 'Presupuesto',
  pedido: 'Pedido',
  albaran: 'Albarán',
  factura: 'Factura',
  rectificativa: 'Factura rectificativa',
  simplificada: 'Factura simplificada',
  rectificativasimplificada: 'Factura rectificativa simplificada',
  gasto: 'Gasto',
  pedidocompra: 'Pedido de compra',
  albarancompra: 'Albarán de compra',
  facturacompra: 'Factura de compra',
});

/**
 * Numbering series per document kind. Corrective invoices need their own series (RD 1619/2012 art. 6); a series
 * with ReinicioAnual numbers from 1 each year (the number counters come with the documents).
 */
export const series = defineEntity({
  name: 'series',
  ...AJUSTE_POR_CODIGO,
  label: 'Serie',
  labelPlural: 'Series',
  gender: 'f',
  fields: {
    Codigo: { kind: 'code', label: 'Código', required: true, maxLength: 10, ...LISTADO },
    Descripcion: DESCRIPCION,
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
    Baja: BAJA,
  },
});
