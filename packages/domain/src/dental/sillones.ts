import { BAJA } from '../entities/commonFields.ts';
import { defineEntity } from '../entities/defineEntity.ts';
import { DENTAL_TYPES } from '../navigation/areas.ts';

/** Dental chairs: the second resource of the appointments (configuration, simple entity). */
export const sillones = defineEntity({
  name: 'sillones',
  area: 'configuracion',
  label: 'Sillón',
  labelPlural: 'Sillones',
  gender: 'm',
  permission: 'ConfEmpresa',
  nav: { area: 'configuracion', accountTypes: DENTAL_TYPES },
  defaultOrder: 'Nombre',
  titleField: 'Nombre',
  fields: {
    Nombre: { kind: 'text', label: 'Nombre', required: true, maxLength: 60, list: true, search: true, sortable: true },
    Gabinete: { kind: 'text', label: 'Gabinete', maxLength: 60, list: true },
    Observaciones: { kind: 'text', label: 'Observaciones', maxLength: 1000 },
    Baja: BAJA,
  },
});
