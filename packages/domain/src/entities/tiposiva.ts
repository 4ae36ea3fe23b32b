import { CLASES_TIPO_IVA, IMPUESTOS } from '../reference/fiscal.ts';
import { defineEntity } from './defineEntity.ts';

/** VAT types (spec section 3): value, description, type, surcharge flag, VAT % and surcharge %, by tax. */
export const tiposiva = defineEntity({
  name: 'tiposiva',
  area: 'configuracion',
  label: 'Tipo de IVA',
  labelPlural: 'Tipos de IVA',
  gender: 'm',
  permission: 'ConfEmpresa',
  defaultOrder: 'Valor',
  titleField: 'Descripcion',
  fields: {
    Valor: {
      kind: 'code',
      label: 'Valor',
      required: true,
      maxLength: 20,
      list: true,
      search: true,
      sortable: true,
      unique: true,
    },
    Descripcion: { kind: 'text', label: 'Descripción', required: true, maxLength: 100, list: true, search: true },
    Impuesto: { kind: 'enum', label: 'Impuesto', options: IMPUESTOS, required: true, list: true, filter: true },
    Tipo: { kind: 'enum', label: 'Tipo', options: CLASES_TIPO_IVA, required: true, list: true, filter: true },
    PorcentajeIva: {
      kind: 'percent',
      label: 'Porcentaje',
      required: true,
      min: 0,
      max: 100,
      list: true,
      sortable: true,
    },
    GeneraRecargo: { kind: 'boolean', label: 'Genera recargo de equivalencia', list: true },
    PorcentajeRecargo: { kind: 'percent', label: 'Porcentaje de recargo', min: 0, max: 100, list: true },
    Baja: { kind: 'inactive', label: 'Baja', list: true, filter: true },
  },
});
