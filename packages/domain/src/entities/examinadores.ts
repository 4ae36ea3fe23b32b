import { DRIVING_SCHOOL_TYPES } from '../navigation/areas.ts';
import { OBSERVACIONES } from './commonFields.ts';
import { defineCatalogue } from './defineEntity.ts';

/** DGT examiners (driving schools): who examines at which traffic office; the exam calendar names them. */
export const examinadores = defineCatalogue({
  name: 'examinadores',
  area: 'formacion',
  label: 'Examinador',
  labelPlural: 'Examinadores',
  gender: 'm',
  permission: 'ExamCalendario',
  nav: { area: 'autoescuela', accountTypes: DRIVING_SCHOOL_TYPES },
  fields: {
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
    Observaciones: OBSERVACIONES,
  },
});
