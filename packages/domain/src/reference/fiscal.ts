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
export const REGIMENES_IVA_CLIENTE = [
  { value: 'general', label: 'Régimen general' },
  { value: 'recargo', label: 'Recargo de equivalencia' },
  { value: 'exento', label: 'Exento' },
  { value: 'intracomunitario', label: 'Operaciones intracomunitarias' },
  { value: 'exportacion', label: 'Exportación' },
] as const;

/** VAT regime of a supplier (what their invoices to us carry). */
export const REGIMENES_IVA_PROVEEDOR = [
  { value: 'general', label: 'Régimen general' },
  { value: 'recargo', label: 'Recargo de equivalencia' },
  { value: 'exento', label: 'Exento' },
  { value: 'intracomunitario', label: 'Operaciones intracomunitarias' },
  { value: 'importacion', label: 'Importación' },
  { value: 'isp', label: 'Inversión del sujeto pasivo' },
] as const;

/** The indirect tax of each territorial regime (spec section 9). */
export const IMPUESTOS = [
  { value: 'IVA', label: 'IVA' },
  { value: 'IGIC', label: 'IGIC' },
  { value: 'IPSI', label: 'IPSI' },
] as const;
export type Impuesto = (typeof IMPUESTOS)[number]['value'];

export function impuestoDe(tributacion: Tributacion): Impuesto {
  if (tributacion === 'canarias') return 'IGIC';
  if (tributacion === 'ceuta' || tributacion === 'melilla') return 'IPSI';
  return 'IVA';
}

export const CLASES_TIPO_IVA = [
  { value: 'general', label: 'General' },
  { value: 'reducido', label: 'Reducido' },
  { value: 'superreducido', label: 'Superreducido' },
  { value: 'incrementado', label: 'Incrementado' },
  { value: 'especial', label: 'Especial' },
  { value: 'cero', label: 'Tipo cero' },
  { value: 'exento', label: 'Exento' },
] as const;

export interface TipoIvaDefecto {
  Valor: string;
  Descripcion: string;
  Tipo: (typeof CLASES_TIPO_IVA)[number]['value'];
  Impuesto: Impuesto;
  GeneraRecargo: boolean;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
}

const iva = (
  Valor: string,
  Descripcion: string,
  Tipo: TipoIvaDefecto['Tipo'],
  pct: string,
  recargo: string,
  Impuesto: Impuesto = 'IVA',
): TipoIvaDefecto => ({
  Valor,
  Descripcion,
  Tipo,
  Impuesto,
  GeneraRecargo: Impuesto === 'IVA' && recargo !== '0.00',
  PorcentajeIva: pct,
  PorcentajeRecargo: recargo,
});

/**
 * The usual VAT types of each tax (compliance-es §7.1 and §7.3): IVA with its equivalence surcharge, IGIC, and
 * the common IPSI rates (each city sets its own within 0.5–10 %: review them).
 */
export const TIPOS_IVA_DEFECTO: Record<Impuesto, TipoIvaDefecto[]> = {
  IVA: [
    iva('IVA21', 'IVA general 21%', 'general', '21.00', '5.20'),
    iva('IVA10', 'IVA reducido 10%', 'reducido', '10.00', '1.40'),
    iva('IVA4', 'IVA superreducido 4%', 'superreducido', '4.00', '0.50'),
    iva('IVA0', 'IVA tipo cero 0%', 'cero', '0.00', '0.00'),
    iva('EXENTO', 'Exento de IVA', 'exento', '0.00', '0.00'),
  ],
  IGIC: [
    iva('IGIC7', 'IGIC general 7%', 'general', '7.00', '0.00', 'IGIC'),
    iva('IGIC3', 'IGIC reducido 3%', 'reducido', '3.00', '0.00', 'IGIC'),
    iva('IGIC5', 'IGIC 5%', 'reducido', '5.00', '0.00', 'IGIC'),
    iva('IGIC9.5', 'IGIC incrementado 9,5%', 'incrementado', '9.50', '0.00', 'IGIC'),
    iva('IGIC15', 'IGIC incrementado 15%', 'incrementado', '15.00', '0.00', 'IGIC'),
    iva('IGIC20', 'IGIC especial 20%', 'especial', '20.00', '0.00', 'IGIC'),
    iva('IGIC0', 'IGIC tipo cero', 'cero', '0.00', '0.00', 'IGIC'),
  ],
  IPSI: [
    iva('IPSI0.5', 'IPSI 0,5%', 'superreducido', '0.50', '0.00', 'IPSI'),
    iva('IPSI1', 'IPSI 1%', 'reducido', '1.00', '0.00', 'IPSI'),
    iva('IPSI2', 'IPSI 2%', 'reducido', '2.00', '0.00', 'IPSI'),
    iva('IPSI4', 'IPSI 4%', 'general', '4.00', '0.00', 'IPSI'),
    iva('IPSI8', 'IPSI 8%', 'incrementado', '8.00', '0.00', 'IPSI'),
    iva('IPSI10', 'IPSI 10%', 'incrementado', '10.00', '0.00', 'IPSI'),
  ],
};

/** The IRPF withholdings a contact usually carries (compliance-es §7.2). */
export const RETENCIONES_IRPF = ['0', '1', '2', '7', '15', '19'] as const;
