import { enumOptions } from '../fields/enumOptions.ts';
import { FECHA_REGISTRO } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

export const AUDIT_ACTIONS = enumOptions({ A: 'Alta', M: 'Modificación', L: 'Lectura', D: 'Borrado' });

/** The append-only audit log (read-only). */
export const auditoria = defineEntity({
  name: 'auditoria',
  area: 'usuarios',
  label: 'Registro de auditoría',
  labelPlural: 'Auditoría',
  gender: 'm',
  permission: 'ConfAuditoria',
  nav: { area: 'configuracion' },
  defaultOrder: 'Fecha',
  titleField: 'Recurso',
  readOnly: true,
  audit: false,
  fields: {
    Fecha: FECHA_REGISTRO,
    Accion: { kind: 'enum', label: 'Acción', options: AUDIT_ACTIONS, list: true, filter: true, readOnly: true },
    Recurso: { kind: 'code', label: 'Recurso', list: true, filter: true, readOnly: true },
    IdRegistro: { kind: 'integer', label: 'Registro', list: true, filter: true, readOnly: true },
    UserName: { kind: 'code', label: 'Usuario', list: true, filter: true, search: true, readOnly: true },
    Campos: { kind: 'json', label: 'Campos modificados', readOnly: true },
  },
});
