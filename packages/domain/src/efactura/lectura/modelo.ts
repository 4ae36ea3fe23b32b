import { compare, type Dec, dec, isZero, mul, neg, round, toFixed } from '../../money/decimal.ts';
import { type NodoXml, textoEn } from './xml.ts';

/**
 * A received structured e-invoice in one model whatever its syntax (UBL, CII, Facturae): the supplier (name, NIF
 * and address), the lines (description, quantity, price, VAT category and rate), the VAT breakdown, the IRPF
 * withholding, the due dates and the file's own totals, as a draft received invoice needs them.
 *
 * Lines are kept so that Faro's totals calculation gives the file's line amount: a line whose quantity × price is
 * not its amount (line allowances, a price base quantity) becomes one unit at its amount, its quantity and price
 * told in the description; document-level allowances and charges become lines of their own. A credit note's
 * amounts are read with their sign turned (it refunds), as Faro stores a corrective received invoice.
 */
export interface ProveedorLeido {
  Nombre: string;
  /** The VAT id without the ES prefix for a Spanish one; the registration id or endpoint id otherwise. */
  Nif: string | null;
  Direccion: string | null;
  CodPostal: string | null;
  Poblacion: string | null;
  Provincia: string | null;
  /** ISO 3166-1 alpha-2. */
  Pais: string;
}

export interface LineaLeida {
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  /** The line's net amount as the file states it. */
  Importe: string;
  /** UNTDID 5305 (S, Z, E, AE, K, G, O, L, M). */
  Categoria: string;
  /** The VAT rate ('21', '0'); with recargo de equivalencia, VAT + surcharge ('26.2'). */
  Porcentaje: string;
  /** A document-level allowance or charge (not part of the file's sum of lines). */
  DeDocumento?: boolean;
}

export interface ImpuestoLeido {
  Categoria: string;
  Porcentaje: string;
  Base: string;
  Cuota: string;
  CodigoExencion: string | null;
}

/** The file's totals in EN 16931's words (BT-106, BT-109, BT-112, BT-113, BT-115), whatever the syntax calls them. */
export interface TotalesXml {
  LineExtensionAmount: string | null;
  TaxExclusiveAmount: string | null;
  TaxInclusiveAmount: string | null;
  PrepaidAmount: string | null;
  PayableAmount: string | null;
}

export type FormatoFactura = 'UBL' | 'CII' | 'Facturae';

export interface FacturaLeida {
  Formato: FormatoFactura;
  Clase: 'factura' | 'abono';
  Numero: string;
  Fecha: string;
  Moneda: string;
  Proveedor: ProveedorLeido;
  Lineas: LineaLeida[];
  Impuestos: ImpuestoLeido[];
  PorcRetencion: string;
  Retencion: string;
  Vencimientos: { Fecha: string; Importe: string }[];
  Totales: TotalesXml;
  /** The invoice a corrective one corrects. */
  Rectificada: { Numero: string; Fecha: string | null } | null;
  Notas: string[];
}

export class ErrorFormato extends Error {}

export const MSG_LECTURA = {
  noXml: 'El fichero no es una factura electrónica en XML',
  desconocido: (raiz: string) =>
    `El XML no es una factura electrónica UBL, CII ni Facturae (su elemento raíz es ${raiz})`,
  falta: (campo: string) => `La factura electrónica no indica ${campo}`,
  importe: (campo: string, v: string) => `La factura electrónica tiene un importe no válido en ${campo}: ${v}`,
  varias: (n: number) => `El fichero Facturae contiene ${n} facturas: impórtalas de una en una`,
} as const;

/** An amount as the file writes it, checked (a Spanish `ErrorFormato` naming the field otherwise). */
export const importe = (campo: string, v: string | null | undefined, defecto = '0'): string => {
  const t = (v ?? defecto).trim();
  // xs:decimal also allows a leading '+' and a trailing point ('64.'): written as Faro's amounts are.
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) throw new ErrorFormato(MSG_LECTURA.importe(campo, t));
  return `${m[1] === '-' ? '-' : ''}${m[2]}${m[3] ? `.${m[3]}` : ''}`;
};
export const dos = (v: Dec) => toFixed(round(v, 2), 2);
export const sinCeros = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t) || '0';
/** A credit note refunds: its positive amounts are negative ones in Faro. */
export const conSigno = (abono: boolean) => (v: string) => (abono ? toFixed(neg(dec(v))) : v);

/** a ÷ b to 6 decimals (prices), exact for the base quantities e-invoices use. */
export function divide(a: Dec, b: Dec): Dec {
  const escala = 6;
  const unidades = (a.units * 10n ** BigInt(escala + b.scale)) / (b.units * 10n ** BigInt(a.scale));
  return { units: unidades, scale: escala };
}

/** One line as the file states it (amounts unsigned; the base quantity of its price, 1 when none). */
export interface LineaXml {
  nombre: string;
  cantidad: string;
  precio: string;
  base: string;
  importe: string;
  categoria: string;
  porcentaje: string;
}

/** A file's line in Faro's terms: quantity × price when they give the amount, else one unit at the amount. */
export function lineaLeida(l: LineaXml, s: (v: string) => string): LineaLeida {
  const Importe = s(l.importe);
  const Cantidad = s(l.cantidad);
  const base = dec(l.base);
  // The unit price (over its base quantity), with as many decimals as it needs.
  const precio = isZero(base) ? dec(l.precio) : divide(dec(l.precio), base);
  const nombre = l.nombre.replace(/\s+/g, ' ').trim() || '-';
  const exacto = compare(round(mul(dec(Cantidad), precio), 2), dec(Importe)) === 0;
  return {
    Descripcion: exacto ? nombre : `${nombre} (${sinCeros(l.cantidad)} × ${sinCeros(toFixed(precio))})`,
    Cantidad: exacto ? sinCeros(Cantidad) : '1',
    Precio: exacto ? sinCeros(toFixed(precio)) : Importe,
    Importe,
    Categoria: l.categoria,
    Porcentaje: sinCeros(l.porcentaje),
  };
}

/** A document-level allowance (negative) or charge as a line of its own. */
export function lineaDeDocumento(
  a: { cargo: boolean; importe: string; motivo: string | null; categoria: string; porcentaje: string },
  s: (v: string) => string,
): LineaLeida {
  const Importe = s(a.cargo ? a.importe : toFixed(neg(dec(a.importe))));
  return {
    Descripcion: a.motivo ?? (a.cargo ? 'Cargo' : 'Descuento'),
    Cantidad: '1',
    Precio: Importe,
    Importe,
    Categoria: a.categoria,
    Porcentaje: sinCeros(a.porcentaje),
    DeDocumento: true,
  };
}

/** The one due date a file gives for the amount payable, as a list. */
export const vencimientoUnico = (fecha: string | null, pagar: string | null) =>
  fecha && pagar ? [{ Fecha: fecha, Importe: pagar }] : [];

/** A date as ISO: CII's format 102 ('AAAAMMDD') turned, anything else as it is. */
export const fechaIso = (t: string | null): string | null =>
  t && /^\d{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : t;

/** The invoice's number and ISO date, both required of every syntax. */
export function numeroYFecha(numero: string | null, fecha: string | null): { Numero: string; Fecha: string } {
  if (!numero) throw new ErrorFormato(MSG_LECTURA.falta('su número'));
  if (!fecha || !/^\d{4}-\d{2}-\d{2}$/.test(fecha)) throw new ErrorFormato(MSG_LECTURA.falta('su fecha'));
  return { Numero: numero, Fecha: fecha };
}

/** The supplier's name, required of every syntax. */
export function nombreProveedor(nombre: string | null | undefined): string {
  if (!nombre) throw new ErrorFormato(MSG_LECTURA.falta('el nombre del proveedor'));
  return nombre;
}

/** A VAT id as a NIF: without spaces and dots, and without the ES prefix for a Spanish one. */
export function nifDeIva(v: string | null | undefined): string | null {
  const t = v?.replace(/[\s.-]/g, '').toUpperCase();
  if (!t) return null;
  return t.startsWith('ES') ? t.slice(2) : t;
}

/** The totals of a file, each at its own path under `n` (signed as the invoice's amounts); null where absent. */
export function totalesEn(
  n: NodoXml | undefined,
  rutas: Record<keyof TotalesXml, string>,
  s: (v: string) => string,
): TotalesXml {
  const total = (ruta: string) => {
    const v = textoEn(n, ruta);
    return v === null ? null : s(importe(ruta, v));
  };
  return {
    LineExtensionAmount: total(rutas.LineExtensionAmount),
    TaxExclusiveAmount: total(rutas.TaxExclusiveAmount),
    TaxInclusiveAmount: total(rutas.TaxInclusiveAmount),
    PrepaidAmount: total(rutas.PrepaidAmount),
    PayableAmount: total(rutas.PayableAmount),
  };
}

/** EN 16931's names of the totals, which are UBL's. */
export const TOTALES_UBL: Record<keyof TotalesXml, string> = {
  LineExtensionAmount: 'LineExtensionAmount',
  TaxExclusiveAmount: 'TaxExclusiveAmount',
  TaxInclusiveAmount: 'TaxInclusiveAmount',
  PrepaidAmount: 'PrepaidAmount',
  PayableAmount: 'PayableAmount',
};

/** The invoice a corrective one corrects, when the file names one. */
export const rectificada = (numero: string | null, fecha: string | null): FacturaLeida['Rectificada'] =>
  numero ? { Numero: numero, Fecha: fecha } : null;

/**
 * What every reader gives, checked and completed: a number and a date are required; the currency (EUR), the
 * withholding (none) and the class have their defaults here.
 */
type Leida = Omit<
  FacturaLeida,
  'Formato' | 'Clase' | 'Numero' | 'Fecha' | 'Moneda' | 'PorcRetencion' | 'Retencion' | 'Rectificada'
> &
  Partial<Pick<FacturaLeida, 'PorcRetencion' | 'Retencion'>>;

/** Where a syntax keeps the invoice's number, issue date, currency and the invoice it corrects (paths from its root). */
export interface RutasCabecera {
  Numero: string;
  Fecha: string;
  Moneda: string;
  NumeroRectificada: string;
  FechaRectificada: string;
}

export function facturaLeida(
  c: { Formato: FormatoFactura; abono: boolean; raiz: NodoXml; rutas: RutasCabecera },
  f: Leida,
): FacturaLeida {
  const en = (ruta: string) => textoEn(c.raiz, ruta);
  return {
    ...f,
    ...numeroYFecha(en(c.rutas.Numero), fechaIso(en(c.rutas.Fecha))),
    Formato: c.Formato,
    Clase: c.abono ? 'abono' : 'factura',
    Moneda: en(c.rutas.Moneda) ?? 'EUR',
    Rectificada: rectificada(en(c.rutas.NumeroRectificada), fechaIso(en(c.rutas.FechaRectificada))),
    PorcRetencion: f.PorcRetencion ?? '0',
    Retencion: f.Retencion ?? '0.00',
  };
}
