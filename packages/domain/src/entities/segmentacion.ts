import { defineEntity } from './defineEntity.ts';

/** Segments to group contacts for e-mail and SMS campaigns. */
export const segmentacion = defineEntity({
  name: 'segmentacion',
  area: 'comunicaciones',
  label: 'Segmento',
  labelPlural: 'Segmentación',
  gender: 'm',
  permission: 'MarketCorreos',
  nav: { area: 'marketing' },
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
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
