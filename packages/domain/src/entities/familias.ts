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
    Codigo: {
      kind: 'code',
      label: 'Código',
      required: true,
      maxLength: 20,
      list: true,
      search: true,
      sortable: true,
      unique: true,
    },
    Nombre: { kind: 'text', label: 'Nombre', required: true, maxLength: 100, list: true, search: true, sortable: true },
    IdFamiliaPadre: { kind: 'reference', label: 'Familia superior', ref: 'familias', list: true, filter: true },
    CuentaVentas: { kind: 'code', label: 'Cuenta de ventas', pattern: 'digitos', maxLength: 12 },
    CuentaCompras: { kind: 'code', label: 'Cuenta de compras', pattern: 'digitos', maxLength: 12 },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
