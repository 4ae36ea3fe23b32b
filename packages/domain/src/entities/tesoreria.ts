import { enumOptions } from '../fields/enumOptions.ts';
import { ibanRequiredWhen } from '../validation/entityRules.ts';
import { BAJA, CODIGO_OBLIGATORIO, CUENTA_CONTABLE, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Spec section 4: treasury account kinds. */
export const TIPOS_CUENTA_TESORERIA = enumOptions({ caja: 'Caja', banco: 'Cuenta corriente' });

/** Cash and bank accounts. Arqueable: it takes part in cash counts (arqueos). */
export const tesoreria = defineEntity({
  name: 'tesoreria',
  area: 'tesoreria',
  label: 'Cuenta de tesorería',
  labelPlural: 'Cuentas de tesorería',
  gender: 'f',
  permission: 'TesoMovsCajaBanco',
  nav: { area: 'tesoreria' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  rules: [ibanRequiredWhen('IBAN', (v) => v.Tipo === 'banco')],
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: { ...NOMBRE, maxLength: 100 },
    Tipo: {
      kind: 'enum',
      label: 'Tipo',
      options: TIPOS_CUENTA_TESORERIA,
      required: true,
      list: true,
      filter: true,
    },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34, list: true, search: true },
    BIC: { kind: 'code', label: 'BIC', maxLength: 11 },
    Entidad: { kind: 'text', label: 'Entidad bancaria', maxLength: 100 },
    SufijoAcreedor: {
      kind: 'code',
      label: 'Sufijo de acreedor SEPA',
      pattern: 'digitos',
      maxLength: 3,
      help: 'Lo da el banco para las remesas de recibos (000 si no indica otro)',
    },
    CuentaContable: CUENTA_CONTABLE,
    SaldoInicial: { kind: 'money', label: 'Saldo inicial' },
    Arqueable: { kind: 'boolean', label: 'Arqueable', list: true, filter: true },
    Baja: BAJA,
  },
});
