import { dateRange } from '../validation/entityRules.ts';
import { BAJA, CODIGO_OBLIGATORIO, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Price lists. Their lines (`tarifaslineas`) give a Descuento or a Precio fijo per product or per family. */
export const tarifas = defineEntity({
  name: 'tarifas',
  area: 'catalogo',
  label: 'Tarifa',
  labelPlural: 'Tarifas',
  gender: 'f',
  permission: 'CataTarifa',
  nav: { area: 'catalogo' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  rules: [dateRange('FechaDesde', 'FechaHasta')],
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: { ...NOMBRE, maxLength: 100 },
    DescuentoGeneral: {
      kind: 'percent',
      label: 'Descuento general',
      min: 0,
      max: 100,
      list: true,
      help: 'Para los productos sin línea propia ni de su familia',
    },
    FechaDesde: { kind: 'date', label: 'Válida desde', list: true, filter: true },
    FechaHasta: { kind: 'date', label: 'Válida hasta', list: true, filter: true },
    Baja: BAJA,
  },
});
