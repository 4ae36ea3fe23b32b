import { enumOptions } from '../fields/enumOptions.ts';
import { BAJA, CODIGO_OBLIGATORIO, CUENTA_CONTABLE, DESCRIPCION } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Spec section 4: movement types. */
export const TIPOS_MOVIMIENTO = enumOptions({ cobro: 'Cobro', pago: 'Pago', manual: 'Manual' });

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
    Codigo: CODIGO_OBLIGATORIO,
    Descripcion: DESCRIPCION,
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_MOVIMIENTO, required: true, list: true, filter: true },
    CuentaContable: { ...CUENTA_CONTABLE, list: true },
    Baja: BAJA,
  },
});
