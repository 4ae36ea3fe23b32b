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
    IdTarifa: {
      kind: 'reference',
      label: 'Tarifa',
      ref: 'tarifas',
      list: true,
      filter: true,
      help: 'Para los clientes del grupo sin tarifa propia',
    },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
