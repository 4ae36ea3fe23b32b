import { defineEntity } from './defineEntity.ts';

/** Employment contract kinds after the 2021 labour reform (RDL 32/2021). */
export const TIPOS_CONTRATO = [
  { value: 'indefinido', label: 'Indefinido' },
  { value: 'fijodiscontinuo', label: 'Fijo discontinuo' },
  { value: 'temporal', label: 'Temporal por circunstancias de la producción' },
  { value: 'sustitucion', label: 'Sustitución' },
  { value: 'formacion', label: 'Formación en alternancia' },
  { value: 'practicas', label: 'Formativo para la obtención de práctica profesional' },
  { value: 'relevo', label: 'Relevo' },
] as const;

/** Contracts (spec section 3: type, centre, description). */
export const contratos = defineEntity({
  name: 'contratos',
  area: 'configuracion',
  label: 'Contrato',
  labelPlural: 'Contratos',
  gender: 'm',
  permission: 'PersEmple',
  nav: { area: 'personal' },
  defaultOrder: 'Descripcion',
  titleField: 'Descripcion',
  fields: {
    Tipo: { kind: 'enum', label: 'Tipo', options: TIPOS_CONTRATO, required: true, list: true, filter: true },
    IdCentro: { kind: 'reference', label: 'Centro', ref: 'centros', list: true, filter: true },
    Descripcion: {
      kind: 'text',
      label: 'Descripción',
      required: true,
      maxLength: 150,
      list: true,
      search: true,
      sortable: true,
    },
    JornadaSemanal: {
      kind: 'decimal',
      label: 'Horas semanales',
      scale: 2,
      min: 0,
      max: 60,
      list: true,
    },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
