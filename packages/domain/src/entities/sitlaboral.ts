import { defineEntity } from './defineEntity.ts';

/** Employment statuses (alta, baja médica, excedencia…). */
export const sitlaboral = defineEntity({
  name: 'sitlaboral',
  area: 'rrhh',
  label: 'Situación laboral',
  labelPlural: 'Situaciones laborales',
  gender: 'f',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Codigo',
  titleField: 'Descripcion',
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
    Descripcion: { kind: 'text', label: 'Descripción', required: true, maxLength: 100, list: true, search: true },
    Activo: {
      kind: 'boolean',
      label: 'Trabaja en esta situación',
      list: true,
      help: 'Desmarcado para bajas, excedencias y permisos sin actividad',
    },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
