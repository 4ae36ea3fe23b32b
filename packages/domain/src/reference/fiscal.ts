import { enumOptions } from '../fields/enumOptions.ts';
import type { Tributacion } from '../session/roles.ts';

/**
 * Kinds of identification of a contact. The AEAT code is the IDType of VeriFactu/SII for foreign ids; Spanish
 * ids go in the NIF element itself.
 */
export const TIPOS_IDENTIFICACION = [
  { value: 'nif', label: 'NIF/NIE/CIF español', aeat: '' },
  { value: 'nifiva', label: 'NIF-IVA intracomunitario', aeat: '02' },
  { value: 'pasaporte', label: 'Pasaporte', aeat: '03' },
  { value: 'extranjero', label: 'Documento oficial del país de residencia', aeat: '04' },
  { value: 'residencia', label: 'Certificado de residencia', aeat: '05' },
  { value: 'otro', label: 'Otro documento probatorio', aeat: '06' },
] as const;
export type TipoIdentificacion = (typeof TIPOS_IDENTIFICACION)[number]['value'];

/** VAT regime of a customer (what the invoices to them carry). */
export const REGIMENES_IVA_CLIENTE = enumOptions({
  general: 'Régimen general',
  recargo: 'Recargo de equivalencia',
  exento: 'Exento',
  intracomunitario: 'Operaciones intracomunitarias',
  exportacion: 'Exportación',
});

/** VAT regime of a supplier (what their invoices to us carry). */
export const REGIMENES_IVA_PROVEEDOR = enumOptions({
  general: 'Régimen general',
  recargo: 'Recargo de equivalencia',
  exento: 'Exento',
  intracomunitario: 'Operaciones intracomunitarias',
  importacion: 'Importación',
  isp: 'Inversión del sujeto pasivo',
});

/** The indirect tax of each territorial regime (spec section 9). */
export const IMPUESTOS = enumOptions({ IVA: 'IVA', IGIC: 'IGIC', IPSI: 'IPSI' });
export type Impuesto = (typeof IMPUESTOS)[number]['value'];

export function impuestoDe(tributacion: Tributacion): Impuesto {
  if (tributacion === 'canarias') return 'IGIC';
  if (tributacion === 'ceuta' || tributacion === 'melilla') return 'IPSI';
  return 'IVA';
}

export const CLASES_TIPO_IVA = enumOptions({
  general: 'General',
  reducido: 'Reducido',
  superreducido: 'Superreducido',
  incrementado: 'Incrementado',
  especial: 'Especial',
  cero: 'Tipo cero',
  exento: 'Exento',
});

/**
 * Causes of exemption of an operation (VeriFactu list L10, compliance-es §1.5): the OperacionExenta code the AEAT
 * receives, the label of the VAT type's field, and the legal reason an exempt invoice must state (RD 1619/2012
 * art. 6.1.j). Only at rate 0.
 */
export const EXENCIONES_IVA = [
  {
    value: 'E1',
    label: 'Exenta por el artículo 20 LIVA',
    leyenda: 'Operación exenta de IVA según el artículo 20 de la Ley 37/1992',
  },
  {
    value: 'E2',
    label: 'Exenta por el artículo 21 (exportaciones)',
    leyenda: 'Exportación exenta de IVA según el artículo 21 de la Ley 37/1992',
  },
  {
    value: 'E3',
    label: 'Exenta por el artículo 22 (operaciones asimiladas a las exportaciones)',
    leyenda: 'Operación asimilada a la exportación, exenta de IVA según el artículo 22 de la Ley 37/1992',
  },
  {
    value: 'E4',
    label: 'Exenta por los artículos 23 y 24 (zonas francas, depósitos y regímenes aduaneros)',
    leyenda: 'Operación exenta de IVA según los artículos 23 y 24 de la Ley 37/1992',
  },
  {
    value: 'E5',
    label: 'Exenta por el artículo 25 (entregas intracomunitarias)',
    leyenda: 'Entrega intracomunitaria exenta de IVA según el artículo 25 de la Ley 37/1992',
  },
  { value: 'E6', label: 'Exenta por otros', leyenda: 'Operación exenta de IVA' },
] as const;
export type Exencion = (typeof EXENCIONES_IVA)[number]['value'];

/** The legal reason printed on an invoice for an exemption cause ('' for an unknown code). */
export function leyendaExencion(causa: string | null | undefined): string {
  return EXENCIONES_IVA.find((e) => e.value === causa)?.leyenda ?? '';
}

export interface TipoIvaDefecto {
  Valor: string;
  Descripcion: string;
  Tipo: (typeof CLASES_TIPO_IVA)[number]['value'];
  Impuesto: Impuesto;
  GeneraRecargo: boolean;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
  Exencion?: Exencion;
}

/** A row of the default VAT types: tax, value, description, class, rate, surcharge, exemption cause ('' for none). */
type FilaTipoIva = readonly [
  Impuesto: Impuesto,
  Valor: string,
  Descripcion: string,
  Tipo: TipoIvaDefecto['Tipo'],
  pct: string,
  recargo: string,
  exencion: Exencion | '',
];

/**
 * The usual VAT types of each tax (compliance-es §7.1 and §7.3): IVA with its equivalence surcharge, IGIC, and
 * the common IPSI rates (each city sets its own within 0.5–10 %: review them). IVA also gets the usual exempt
 * types with their cause (art. 20 E1, exports E2, intra-EU supplies E5).
 */
// biome-ignore format: a table reads one row a line
const FILAS_TIPOS_IVA: readonly FilaTipoIva[] = [
  ['IVA', 'IVA21', 'IVA general 21%', 'general', '21.00', '5.20', ''],
  ['IVA', 'IVA10', 'IVA reducido 10%', 'reducido', '10.00', '1.40', ''],
  ['IVA', 'IVA4', 'IVA superreducido 4%', 'superreducido', '4.00', '0.50', ''],
  ['IVA', 'IVA0', 'IVA tipo cero 0%', 'cero', '0.00', '0.00', ''],
  ['IVA', 'EXENTO', 'Exento art. 20', 'exento', '0.00', '0.00', 'E1'],
  ['IVA', 'EXPORT', 'Exportación', 'exento', '0.00', '0.00', 'E2'],
  ['IVA', 'INTRAUE', 'Entrega intracomunitaria', 'exento', '0.00', '0.00', 'E5'],
  ['IGIC', 'IGIC7', 'IGIC general 7%', 'general', '7.00', '0.00', ''],
  ['IGIC', 'IGIC3', 'IGIC reducido 3%', 'reducido', '3.00', '0.00', ''],
  ['IGIC', 'IGIC5', 'IGIC 5%', 'reducido', '5.00', '0.00', ''],
  ['IGIC', 'IGIC9.5', 'IGIC incrementado 9,5%', 'incrementado', '9.50', '0.00', ''],
  ['IGIC', 'IGIC15', 'IGIC incrementado 15%', 'incrementado', '15.00', '0.00', ''],
  ['IGIC', 'IGIC20', 'IGIC especial 20%', 'especial', '20.00', '0.00', ''],
  ['IGIC', 'IGIC0', 'IGIC tipo cero', 'cero', '0.00', '0.00', ''],
  ['IPSI', 'IPSI0.5', 'IPSI 0,5%', 'superreducido', '0.50', '0.00', ''],
  ['IPSI', 'IPSI1', 'IPSI 1%', 'reducido', '1.00', '0.00', ''],
  ['IPSI', 'IPSI2', 'IPSI 2%', 'reducido', '2.00', '0.00', ''],
  ['IPSI', 'IPSI4', 'IPSI 4%', 'general', '4.00', '0.00', ''],
  ['IPSI', 'IPSI8', 'IPSI 8%', 'incrementado', '8.00', '0.00', ''],
  ['IPSI', 'IPSI10', 'IPSI 10%', 'incrementado', '10.00', '0.00', ''],
];

const tiposDe = (impuesto: Impuesto): TipoIvaDefecto[] =>
  FILAS_TIPOS_IVA.filter((f) => f[0] === impuesto).map(
    ([Impuesto, Valor, Descripcion, Tipo, pct, recargo, exencion]) => ({
      Valor,
      Descripcion,
      Tipo,
      Impuesto,
      GeneraRecargo: Impuesto === 'IVA' && recargo !== '0.00',
      PorcentajeIva: pct,
      PorcentajeRecargo: recargo,
      ...(exencion ? { Exencion: exencion } : {}),
    }),
  );

export const TIPOS_IVA_DEFECTO: Record<Impuesto, TipoIvaDefecto[]> = {
  IVA: tiposDe('IVA'),
  IGIC: tiposDe('IGIC'),
  IPSI: tiposDe('IPSI'),
};

/** The IRPF withholdings a contact usually carries (compliance-es §7.2). */
export const RETENCIONES_IRPF = ['0', '1', '2', '7', '15', '19'] as const;
