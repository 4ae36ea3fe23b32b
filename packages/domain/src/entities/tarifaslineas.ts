import { TIPOS_DESCUENTO } from '../pricing/tariffPrice.ts';
import { MSG_DATOS } from '../validation/masterMessages.ts';
import type { EntityRule } from './defineEntity.ts';
import { defineEntity } from './defineEntity.ts';

const oneTarget: EntityRule = (v) => {
  const product = v.IdProducto != null && v.IdProducto !== '';
  const family = v.IdFamilia != null && v.IdFamilia !== '';
  return product === family ? [{ Campo: 'IdProducto', Mensaje: MSG_DATOS.lineTarget }] : [];
};

/** One rule of a tariff: for a product or a family, a Descuento (%) or a Precio fijo, from a minimum quantity. */
export const tarifaslineas = defineEntity({
  name: 'tarifaslineas',
  area: 'catalogo',
  label: 'Línea de tarifa',
  labelPlural: 'Líneas de tarifa',
  gender: 'f',
  permission: 'CataTarifa',
  defaultOrder: 'IdTarifa',
  titleField: 'IdTarifa',
  rules: [oneTarget],
  fields: {
    IdTarifa: { kind: 'reference', label: 'Tarifa', ref: 'tarifas', required: true, list: true, filter: true },
    IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', list: true, filter: true },
    IdFamilia: { kind: 'reference', label: 'Familia', ref: 'familias', list: true, filter: true },
    Tipo: { kind: 'enum', label: 'Tipo de descuento', options: TIPOS_DESCUENTO, required: true, list: true },
    Valor: {
      kind: 'decimal',
      label: 'Valor',
      scale: 4,
      required: true,
      min: 0,
      list: true,
      help: 'Porcentaje de descuento o precio fijo, según el tipo',
    },
    CantidadMinima: { kind: 'decimal', label: 'Desde la cantidad', scale: 3, min: 0, list: true },
  },
});
