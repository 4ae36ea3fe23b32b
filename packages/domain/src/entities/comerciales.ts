import { BAJA, CODIGO_OBLIGATORIO, NOMBRE } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** Sales reps (sales-rep module): commission on their sales, optionally an employee of the company. */
export const comerciales = defineEntity({
  name: 'comerciales',
  area: 'rrhh',
  label: 'Comercial',
  labelPlural: 'Comerciales',
  gender: 'm',
  permission: 'PersComercial',
  module: 'ActComerciales',
  nav: { area: 'personal' },
  defaultOrder: 'Codigo',
  titleField: 'Nombre',
  fields: {
    Codigo: CODIGO_OBLIGATORIO,
    Nombre: NOMBRE,
    NIF: { kind: 'taxId', label: 'NIF', maxLength: 12, list: true, search: true },
    Email: { kind: 'email', label: 'Email', maxLength: 120, list: true },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true },
    Zona: { kind: 'text', label: 'Zona', maxLength: 100, list: true, filter: true },
    Comision: { kind: 'percent', label: 'Comisión', min: 0, max: 100, list: true },
    RetencionIrpf: {
      kind: 'percent',
      label: 'Retención IRPF',
      min: 0,
      max: 100,
      help: 'Agentes externos que facturan su comisión (7 % o 15 %)',
    },
    IdEmpleado: { kind: 'reference', label: 'Empleado', ref: 'empleados', filter: true },
    Baja: BAJA,
  },
});
