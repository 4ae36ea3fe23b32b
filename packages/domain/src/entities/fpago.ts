import { defineEntity } from './defineEntity.ts';

export const MEDIOS_PAGO = [
  { value: 'efectivo', label: 'Efectivo' },
  { value: 'transferencia', label: 'Transferencia' },
  { value: 'domiciliacion', label: 'Domiciliación bancaria (recibo SEPA)' },
  { value: 'tarjeta', label: 'Tarjeta' },
  { value: 'bizum', label: 'Bizum' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'pagare', label: 'Pagaré' },
  { value: 'confirming', label: 'Confirming' },
] as const;

/** Payment methods: instalments (Plazos) falling DiasPrimerPlazo after the date and then every DiasEntrePlazos. */
export const fpago = defineEntity({
  name: 'fpago',
  area: 'configuracion',
  label: 'Forma de pago',
  labelPlural: 'Formas de pago',
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
      maxLength: 20,
      list: true,
      search: true,
      sortable: true,
      unique: true,
    },
    Descripcion: {
      kind: 'text',
      label: 'Descripción',
      required: true,
      maxLength: 100,
      list: true,
      search: true,
      sortable: true,
    },
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
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
