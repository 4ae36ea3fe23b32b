import { enumOptions } from '../fields/enumOptions.ts';
import { defineEntity } from './defineEntity.ts';

export const BASES_COMISION = enumOptions({ facturado: 'Sobre lo facturado', cobrado: 'Sobre lo cobrado' });

/**
 * Sales reps' commission rules: a percent per family or product (the most specific rule wins: product,
 * then family, then the rep's general Comisión), on invoiced or on collected amounts (before VAT).
 */
export const reglascomision = defineEntity({
  name: 'reglascomision',
  area: 'rrhh',
  label: 'Regla de comisión',
  labelPlural: 'Reglas de comisión',
  gender: 'f',
  permission: 'PersComercial',
  module: 'ActComerciales',
  nav: { area: 'personal' },
  defaultOrder: 'IdComercial',
  titleField: 'Descripcion',
  fields: {
    IdComercial: {
      kind: 'reference',
      label: 'Comercial',
      ref: 'comerciales',
      required: true,
      list: true,
      filter: true,
    },
    Descripcion: { kind: 'text', label: 'Descripción', maxLength: 100, list: true, search: true },
    IdFamilia: { kind: 'reference', label: 'Familia', ref: 'familias', list: true, filter: true },
    IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', list: true, filter: true },
    Porcentaje: { kind: 'percent', label: 'Porcentaje', required: true, min: 0, max: 100, list: true },
    Base: { kind: 'enum', label: 'Base', options: BASES_COMISION, required: true, list: true, filter: true },
  },
});
