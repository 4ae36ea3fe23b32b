import { BAJA, CODIGO_OBLIGATORIO, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const centros = defineEntity({
  name: 'centros',
  area: 'configuracion',
  label: 'Centro',
  labelPlural: 'Centros',
  gender: 'm',
  permission: 'ConfCentros',
  nav: { area: 'configuracion' },
  defaultOrder: 'Val',
  titleField: 'Desc',
  fields: {
    Val: { ...CODIGO_OBLIGATORIO, maxLength: 10 },
    Desc: { ...NOMBRE, maxLength: 100 },
    Direccion: { kind: 'text', label: 'Dirección', maxLength: 200 },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true },
    Denegados: {
      kind: 'json',
      label: 'Funciones denegadas en el centro',
      help: 'Códigos de permiso que no se pueden usar en este centro',
    },
    Baja: BAJA,
  },
});
