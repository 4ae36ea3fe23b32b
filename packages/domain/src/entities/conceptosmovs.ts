import { defineEntity } from './defineEntity.ts';

/** Spec section 4: movement types. */
export const TIPOS_MOVIMIENTO = [
  { value: 'cobro', label: 'Cobro' },
  { value: 'pago', label: 'Pago' },
  { value: 'manual', label: 'Manual' },
] as const;

/** Treasury movement concepts, each with its type. */
export const conceptosmovs = defineEntity({
  name: 'conceptosmovs',
  area: 'tesoreria',
  label: 'Concepto de movimiento',
  labelPlural: 'Conceptos de movimientos',
  gender: 'm',
  permission: 'TesoMovsCajaBanco',
  nav: { area: 'tesoreria' },
  defaultOrder: 'Codigo',
  titleField: 'Descripcion',
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
    Descripcion: { kind: 'text', label: 'Descripción', required: true, maxLength: 100, list: true, search: true },
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_MOVIMIENTO, required: true, list: true, filter: true },
    CuentaContable: { kind: 'code', label: 'Cuenta contable', pattern: 'digitos', maxLength: 12, list: true },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
