import { DRIVING_SCHOOL_TYPES } from '../navigation/areas.ts';
import { defineEntity } from './defineEntity.ts';

/** DGT examiners (driving schools): who examines at which traffic office; the exam calendar names them. */
export const examinadores = defineEntity({
  name: 'examinadores',
  area: 'formacion',
  label: 'Examinador',
  labelPlural: 'Examinadores',
  gender: 'm',
  permission: 'ExamCalendario',
  nav: { area: 'autoescuela', accountTypes: DRIVING_SCHOOL_TYPES },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Codigo: { kind: 'code', label: 'Código', maxLength: 20, list: true, search: true, sortable: true, unique: true },
    Nombre: { kind: 'text', label: 'Nombre', required: true, maxLength: 150, list: true, search: true, sortable: true },
    JefaturaTrafico: {
      kind: 'text',
      label: 'Jefatura de Tráfico',
      required: true,
      maxLength: 100,
      list: true,
      filter: true,
      sortable: true,
    },
    Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20 },
    Email: { kind: 'email', label: 'Email', maxLength: 120 },
    Observaciones: { kind: 'text', label: 'Observaciones', maxLength: 4000 },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
