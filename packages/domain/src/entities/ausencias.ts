import { enumOptions } from '../fields/enumOptions.ts';
import { dateRange } from '../validation/entityRules.ts';
import { defineEntity } from './defineEntity.ts';

export const ESTADOS_AUSENCIA = enumOptions({ solicitada: 'Solicitada', aprobada: 'Aprobada', rechazada: 'Rechazada' });

/**
 * Employment statuses history and leave/holiday requests: each row an employee's situation from the
 * company's catalogue (`sitlaboral`: alta, baja IT, excedencia, vacaciones…) between two dates. A worker's request
 * starts 'solicitada'; a manager approves or refuses it. Approved days are not absences in the time clock.
 */
export const ausencias = defineEntity({
  name: 'ausencias',
  area: 'rrhh',
  label: 'Ausencia o situación',
  labelPlural: 'Ausencias y situaciones',
  gender: 'f',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Desde',
  titleField: 'Motivo',
  rules: [dateRange('Desde', 'Hasta')],
  fields: {
    IdEmpleado: { kind: 'reference', label: 'Empleado', ref: 'empleados', required: true, list: true, filter: true },
    IdSitLaboral: {
      kind: 'reference',
      label: 'Situación laboral',
      ref: 'sitlaboral',
      required: true,
      list: true,
      filter: true,
    },
    Desde: { kind: 'date', label: 'Desde', required: true, list: true, filter: true, sortable: true },
    Hasta: { kind: 'date', label: 'Hasta', list: true, filter: true, sortable: true },
    Estado: { kind: 'enum', label: 'Estado', options: ESTADOS_AUSENCIA, required: true, list: true, filter: true },
    Motivo: { kind: 'text', label: 'Motivo', maxLength: 200, list: true, search: true },
    Observaciones: { kind: 'text', label: 'Observaciones', maxLength: 1000 },
  },
});
