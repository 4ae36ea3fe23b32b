import { BAJA, CODIGO_OBLIGATORIO, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Contact groups (customers and suppliers): a group can carry a tariff for all its customers. */
export const gruposcto = defineEntity({
  name: 'gruposcto',
  area: 'configuracion',
  label: 'Grupo de contactos',
  labelPlural: 'Grupos de contactos',
  gender: 'm',
  permission: 'ConClientes',
  nav: { area: 'contactos' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: { ...NOMBRE, maxLength: 100 },
    IdTarifa: {
      kind: 'reference',
      label: 'Tarifa',
      ref: 'tarifas',
      list: true,
      filter: true,
      help: 'Para los clientes del grupo sin tarifa propia',
    },
    Baja: BAJA,
  },
});
