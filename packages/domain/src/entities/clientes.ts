import { REGIMENES_IVA_CLIENTE } from '../reference/fiscal.ts';
import { BAJA, CUENTA_CONTABLE, OBSERVACIONES } from './commonFields.ts';
import { addressFields, contactRules, identityFields, reachFields, CONTACT_SECTIONS as S } from './contactFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Customers. Fiscal history hangs on them: delete only marks Baja. */
export const clientes = defineEntity({
  name: 'clientes',
  area: 'ventas',
  label: 'Cliente',
  labelPlural: 'Clientes',
  gender: 'm',
  permission: 'ConClientes',
  nav: { area: 'contactos' },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  softDelete: true,
  sections: [S.datos, S.direccion, S.contacto, S.envio, S.comercial, S.pago, S.fiscal, S.notas],
  rules: contactRules,
  fields: {
    ...identityFields,
    ...addressFields,
    ...reachFields,
    DireccionesEnvio: {
      kind: 'json',
      label: 'Direcciones de envío',
      help: 'Nombre, dirección, código postal, población, provincia, país y si es la de por defecto',
      section: S.envio,
    },
    IdGrupo: { kind: 'reference', label: 'Grupo', ref: 'gruposcto', filter: true, section: S.comercial },
    IdTarifa: { kind: 'reference', label: 'Tarifa', ref: 'tarifas', filter: true, section: S.comercial },
    IdComercial: { kind: 'reference', label: 'Comercial', ref: 'comerciales', filter: true, section: S.comercial },
    Descuento: { kind: 'percent', label: 'Descuento habitual', min: 0, max: 100, section: S.comercial },
    LimiteCredito: { kind: 'money', label: 'Límite de crédito', min: 0, section: S.comercial },
    IdFormaPago: { kind: 'reference', label: 'Forma de pago', ref: 'fpago', filter: true, section: S.pago },
    DiaPago1: { kind: 'integer', label: 'Día de pago 1', min: 1, max: 31, section: S.pago },
    DiaPago2: { kind: 'integer', label: 'Día de pago 2', min: 1, max: 31, section: S.pago },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34, filter: true, section: S.pago },
    BIC: { kind: 'code', label: 'BIC', maxLength: 11, section: S.pago },
    MandatoRef: {
      kind: 'code',
      label: 'Referencia del mandato SEPA',
      maxLength: 35,
      help: 'Si la dejas vacía se usa el código del cliente',
      section: S.pago,
    },
    MandatoFecha: { kind: 'date', label: 'Fecha de firma del mandato', section: S.pago },
    RegimenIva: {
      kind: 'enum',
      label: 'Régimen de IVA',
      options: REGIMENES_IVA_CLIENTE,
      filter: true,
      section: S.fiscal,
    },
    RetencionIrpf: {
      kind: 'percent',
      label: 'Retención IRPF',
      min: 0,
      max: 100,
      help: 'Si el cliente te retiene (profesionales: 15 % o 7 %)',
      section: S.fiscal,
    },
    CuentaContable: { ...CUENTA_CONTABLE, section: S.fiscal },
    Observaciones: { ...OBSERVACIONES, section: S.notas },
    Baja: { ...BAJA, section: S.datos },
  },
});
