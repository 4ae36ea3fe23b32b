import { REGIMENES_IVA_PROVEEDOR } from '../reference/fiscal.ts';
import {
  contactFields,
  contactRules,
  fiscalFields,
  grupoField,
  paymentFields,
  CONTACT_SECTIONS as S,
} from './contactFields.ts';
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
    ...contactFields,
    IdGrupo: grupoField,
    Acreedor: {
      kind: 'boolean',
      label: 'Acreedor',
      filter: true,
      help: 'Presta servicios o suministros (cuenta 410) en lugar de vender mercaderías (400)',
      section: S.comercial,
    },
    Descuento: { kind: 'percent', label: 'Descuento habitual', min: 0, max: 100, section: S.comercial },
    ...paymentFields,
    ...fiscalFields(REGIMENES_IVA_PROVEEDOR, 'Lo que retienes en sus facturas (profesionales 15 %, alquileres 19 %)'),
  },
});
