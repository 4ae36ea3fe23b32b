import { BAJA, CODIGO_OBLIGATORIO, DESCRIPCION } from './commonFields.ts';
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
    Codigo: CODIGO_OBLIGATORIO,
    Descripcion: DESCRIPCION,
    Baja: BAJA,
  },
});
