import { DESCRIPCION } from './commonFields.ts';
import { defineEntity } from './defineEntity.ts';

/** The company's holiday calendar per centre: no planned hours on these days (all centres when empty). */
export const festivos = defineEntity({
  name: 'festivos',
  area: 'rrhh',
  label: 'Festivo',
  labelPlural: 'Calendario de festivos',
  gender: 'm',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Fecha',
  titleField: 'Descripcion',
  fields: {
    Fecha: { kind: 'date', label: 'Fecha', required: true, list: true, filter: true, sortable: true },
    Descripcion: DESCRIPCION,
    IdCentro: {
      kind: 'reference',
      label: 'Centro',
      ref: 'centros',
      list: true,
      filter: true,
      help: 'Vacío: festivo de todos los centros',
    },
  },
});
