import { enumOptions } from '../fields/enumOptions.ts';
import { AJUSTE_POR_CODIGO, BAJA, CODIGO_OBLIGATORIO, DESCRIPCION } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const MEDIOS_PAGO = enumOptions({
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  domiciliacion: 'Domiciliación bancaria (recibo SEPA)',
  tarjeta: 'Tarjeta',
  bizum: 'Bizum',
  cheque: 'Cheque',
  pagare: 'Pagaré',
  confirming: 'Confirming',
});

/** Payment methods: instalments (Plazos) falling DiasPrimerPlazo after the date and then every DiasEntrePlazos. */
export const fpago = defineEntity({
  name: 'fpago',
  ...AJUSTE_POR_CODIGO,
  label: 'Forma de pago',
  labelPlural: 'Formas de pago',
  gender: 'f',
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Descripcion: { ...DESCRIPCION, sortable: true },
    Medio: { kind: 'enum', label: 'Medio de pago', options: MEDIOS_PAGO, required: true, list: true, filter: true },
    Plazos: { kind: 'integer', label: 'Número de plazos', required: true, min: 1, max: 24, list: true },
    DiasPrimerPlazo: { kind: 'integer', label: 'Días hasta el primer plazo', min: 0, max: 365, list: true },
    DiasEntrePlazos: { kind: 'integer', label: 'Días entre plazos', min: 0, max: 365, list: true },
    IdCuentaTesoreria: {
      kind: 'reference',
      label: 'Cuenta de cobro o pago',
      ref: 'tesoreria',
      help: 'Caja o banco donde se cobra o paga por defecto',
    },
    Baja: BAJA,
  },
});
