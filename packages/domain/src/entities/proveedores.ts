import { REGIMENES_IVA_PROVEEDOR } from '../reference/fiscal.ts';
import { BAJA, CUENTA_CONTABLE, OBSERVACIONES } from './commonFields.ts';
import { addressFields, contactRules, identityFields, reachFields, CONTACT_SECTIONS as S } from './contactFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Suppliers and creditors. Fiscal history hangs on them: delete only marks Baja. */
export const proveedores = defineEntity({
  name: 'proveedores',
  area: 'compras',
  label: 'Proveedor',
  labelPlural: 'Proveedores',
  gender: 'm',
  permission: 'ConProveedores',
  nav: { area: 'contactos' },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  softDelete: true,
  sections: [S.datos, S.direccion, S.contacto, S.comercial, S.pago, S.fiscal, S.notas],
  rules: contactRules,
  fields: {
    ...identityFields,
    ...addressFields,
    ...reachFields,
    IdGrupo: { kind: 'reference', label: 'Grupo', ref: 'gruposcto', filter: true, section: S.comercial },
    Acreedor: {
      kind: 'boolean',
      label: 'Acreedor',
      filter: true,
      help: 'Presta servicios o suministros (cuenta 410) en lugar de vender mercaderías (400)',
      section: S.comercial,
    },
    Descuento: { kind: 'percent', label: 'Descuento habitual', min: 0, max: 100, section: S.comercial },
    IdFormaPago: { kind: 'reference', label: 'Forma de pago', ref: 'fpago', filter: true, section: S.pago },
    DiaPago1: { kind: 'integer', label: 'Día de pago 1', min: 1, max: 31, section: S.pago },
    DiaPago2: { kind: 'integer', label: 'Día de pago 2', min: 1, max: 31, section: S.pago },
    IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34, filter: true, section: S.pago },
    BIC: { kind: 'code', label: 'BIC', maxLength: 11, section: S.pago },
    RegimenIva: {
      kind: 'enum',
      label: 'Régimen de IVA',
      options: REGIMENES_IVA_PROVEEDOR,
      filter: true,
      section: S.fiscal,
    },
    RetencionIrpf: {
      kind: 'percent',
      label: 'Retención IRPF',
      min: 0,
      max: 100,
      help: 'Lo que retienes en sus facturas (profesionales 15 %, alquileres 19 %)',
      section: S.fiscal,
    },
    CuentaContable: { ...CUENTA_CONTABLE, section: S.fiscal },
    Observaciones: { ...OBSERVACIONES, section: S.notas },
    Baja: { ...BAJA, section: S.datos },
  },
});
