import { ROLE_LABELS } from '../session/roles.ts';
import { LISTADO, NOMBRE, PRIMER_APELLIDO, SEGUNDO_APELLIDO } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

const roleOptions = Object.entries(ROLE_LABELS)
  .filter(([value]) => value !== 'admin')
  .map(([value, label]) => ({ value, label }));

/** The company's users: a person (global UserName) and their membership of this company. */
export const usuarios = defineEntity({
  name: 'usuarios',
  area: 'usuarios',
  label: 'Usuario',
  labelPlural: 'Usuarios',
  gender: 'm',
  permission: 'ConfUsuarios',
  nav: { area: 'configuracion' },
  defaultOrder: 'UserName',
  titleField: 'UserName',
  sections: ['Datos personales', 'Acceso y permisos'],
  fields: {
    UserName: {
      kind: 'code',
      label: 'Usuario',
      required: true,
      minLength: 3,
      maxLength: 50,
      ...LISTADO,
      section: 'Datos personales',
    },
    Nombre: { ...NOMBRE, maxLength: 60, section: 'Datos personales' },
    Apellido1: { ...PRIMER_APELLIDO, section: 'Datos personales' },
    Apellido2: { ...SEGUNDO_APELLIDO, section: 'Datos personales' },
    NombreComercial: { kind: 'text', label: 'Nombre comercial', maxLength: 100, section: 'Datos personales' },
    Email: {
      kind: 'email',
      label: 'Email',
      required: true,
      maxLength: 120,
      list: true,
      search: true,
      section: 'Datos personales',
    },
    Roles: { kind: 'json', label: 'Roles', section: 'Acceso y permisos', options: roleOptions },
    IdPerfil: { kind: 'reference', label: 'Perfil', ref: 'roles', section: 'Acceso y permisos' },
    CodigoEmpleado: { kind: 'code', label: 'Código de empleado', maxLength: 20, section: 'Acceso y permisos' },
    FichajeActivo: {
      kind: 'boolean',
      label: 'Registro horario activo',
      list: true,
      filter: true,
      section: 'Acceso y permisos',
    },
    SoloFichaje: { kind: 'boolean', label: 'Sólo registro horario', section: 'Acceso y permisos' },
    Propietario: { kind: 'boolean', label: 'Propietario', readOnly: true, list: true },
    Bloqueado: { kind: 'boolean', label: 'Bloqueado', readOnly: true, list: true, filter: true },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true, section: 'Acceso y permisos' },
  },
});
