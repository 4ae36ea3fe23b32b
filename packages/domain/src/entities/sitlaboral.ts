import { BAJA, CODIGO_OBLIGATORIO, DESCRIPCION } from './commonFields.ts';
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
    Codigo: CODIGO_OBLIGATORIO,
    Descripcion: DESCRIPCION,
    Activo: {
      kind: 'boolean',
      label: 'Trabaja en esta situación',
      list: true,
      help: 'Desmarcado para bajas, excedencias y permisos sin actividad',
    },
    Baja: BAJA,
  },
});
