import { BAJA, CODIGO_OBLIGATORIO, cuenta, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Product families, optionally nested (a subfamily names its parent). */
export const familias = defineEntity({
  name: 'familias',
  area: 'catalogo',
  label: 'Familia',
  labelPlural: 'Familias',
  gender: 'f',
  permission: 'CataFamilia',
  nav: { area: 'catalogo' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: { ...NOMBRE, maxLength: 100 },
    IdFamiliaPadre: { kind: 'reference', label: 'Familia superior', ref: 'familias', list: true, filter: true },
    CuentaVentas: cuenta('Cuenta de ventas'),
    CuentaCompras: cuenta('Cuenta de compras'),
    Baja: BAJA,
  },
});
