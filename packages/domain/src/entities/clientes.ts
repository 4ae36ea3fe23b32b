import { camposEfacturaCliente, reglaCanalEfactura, SECCION_EFACTURA } from '../efactura/canales.ts';
import { REGIMENES_IVA_CLIENTE } from '../reference/fiscal.ts';
import {
  contactFields,
  contactRules,
  fiscalFields,
  grupoField,
  paymentFields,
  CONTACT_SECTIONS as S,
} from './contactFields.ts';
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
  sections: [S.datos, S.direccion, S.contacto, S.envio, S.comercial, S.pago, S.fiscal, SECCION_EFACTURA, S.notas],
  rules: [...contactRules, reglaCanalEfactura],
  fields: {
    ...contactFields,
    DireccionesEnvio: {
      kind: 'json',
      label: 'Direcciones de envío',
      help: 'Nombre, dirección, código postal, población, provincia, país y si es la de por defecto',
      section: S.envio,
    },
    IdGrupo: grupoField,
    IdTarifa: { kind: 'reference', label: 'Tarifa', ref: 'tarifas', filter: true, section: S.comercial },
    IdComercial: { kind: 'reference', label: 'Comercial', ref: 'comerciales', filter: true, section: S.comercial },
    Descuento: { kind: 'percent', label: 'Descuento habitual', min: 0, max: 100, section: S.comercial },
    LimiteCredito: { kind: 'money', label: 'Límite de crédito', min: 0, section: S.comercial },
    ...paymentFields,
    MandatoRef: {
      kind: 'code',
      label: 'Referencia del mandato SEPA',
      maxLength: 35,
      help: 'Si la dejas vacía se usa el código del cliente',
      section: S.pago,
    },
    MandatoFecha: { kind: 'date', label: 'Fecha de firma del mandato', section: S.pago },
    ...fiscalFields(REGIMENES_IVA_CLIENTE, 'Si el cliente te retiene (profesionales: 15 % o 7 %)'),
    ...camposEfacturaCliente,
  },
});
