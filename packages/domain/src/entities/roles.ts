import { BAJA, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Role profiles: a permission level 0–3 for each permission code (Permisos: { [code]: level }). */
export const roles = defineEntity({
  name: 'roles',
  area: 'usuarios',
  label: 'Perfil',
  labelPlural: 'Perfiles y permisos',
  gender: 'm',
  permission: 'ConfRoles',
  nav: { area: 'configuracion' },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Nombre: { ...NOMBRE, maxLength: 60, unique: true },
    Descripcion: { kind: 'text', label: 'Descripción', maxLength: 200, list: true },
    Permisos: { kind: 'json', label: 'Permisos' },
    Baja: BAJA,
  },
});
