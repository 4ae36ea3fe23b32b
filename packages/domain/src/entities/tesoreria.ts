import { ibanRequiredWhen } from '../validation/entityRules.ts';
import { defineEntity } from './defineEntity.ts';

/** Spec section 4: treasury account kinds. */
export const TIPOS_CUENTA_TESORERIA = [
  { value: 'caja', label: 'Caja' },
  { value: 'banco', label: 'Cuenta corriente' },
] as const;

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
    CuentaContable: { kind: 'code', label: 'Cuenta contable', pattern: 'digitos', maxLength: 12 },
    SaldoInicial: { kind: 'money', label: 'Saldo inicial' },
    Arqueable: { kind: 'boolean', label: 'Arqueable', list: true, filter: true },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
