import { CLASES_TIPO_IVA, EXENCIONES_IVA, IMPUESTOS } from '../reference/fiscal.ts';
import { MSG_DATOS } from '../validation/masterMessages.ts';
import { BAJA, DESCRIPCION } from './commonFields.ts';
import { defineEntity, type EntityRule } from './defineEntity.ts';

const exenciones = EXENCIONES_IVA.map(({ value, label }) => ({ value, label }));

/** An exemption cause (E1–E6) only goes with rate 0 and no surcharge: the exempt operation carries no tax. */
const exencionSinCuota: EntityRule = (v) => {
  if (!v.Exencion) return [];
  const issues = [];
  if (Number(v.PorcentajeIva ?? 0) !== 0) issues.push({ Campo: 'Exencion', Mensaje: MSG_DATOS.exencionConIva });
  if (Number(v.PorcentajeRecargo ?? 0) !== 0 || v.GeneraRecargo === true)
    issues.push({ Campo: 'PorcentajeRecargo', Mensaje: MSG_DATOS.exencionConRecargo });
  return issues;
};

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
  rules: [exencionSinCuota],
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
    Descripcion: DESCRIPCION,
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
    Exencion: {
      kind: 'enum',
      label: 'Causa de exención',
      options: exenciones,
      list: true,
      filter: true,
      help: 'Sólo para operaciones exentas (porcentaje 0): la causa que se declara a la AEAT y se cita en la factura',
    },
    Baja: BAJA,
  },
});
