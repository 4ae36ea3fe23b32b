import { add, type Dec, dec, isZero, mul, round, shift, sub, sum, toFixed, ZERO } from '../money/decimal.ts';
import type { Impuesto } from '../reference/fiscal.ts';

/**
 * Sales document totals: the one calculation the browser shows live and the server stores. Amounts travel as
 * decimal strings ('1234.50'); all arithmetic is exact; every rounding is half away from zero.
 *
 * line amount = round(Cantidad × Precio × (1 − Descuento/100), 2)   (Precio first rounded to the company's decimals:
 *               `decimalesPrecio(DecimalesRedondeo)`, 2–6, default 2; the rounded price is the one stored and printed)
 * per VAT type: Base = Σ line amounts; Cuota = round(Base × PorcentajeIva/100, 2);
 *               CuotaRecargo = round(Base × PorcentajeRecargo/100, 2) when the customer is in recargo de equivalencia
 * TotalRetencion = round(Σ bases subject to withholding × PorcRetencion/100, 2)
 * Total = Σ Base + Σ Cuota + Σ CuotaRecargo − TotalRetencion
 */

/** A VAT type as configured (tiposiva): its key, tax, rate, surcharge rate and, for exempt types, the cause. */
export interface TipoIva {
  Valor: string;
  Impuesto: Impuesto;
  PorcentajeIva: string | number;
  PorcentajeRecargo?: string | number | null;
  /** The type carries recargo de equivalencia (configured on tiposiva); default: when PorcentajeRecargo > 0. */
  GeneraRecargo?: boolean;
  /** Exemption cause (E1–E6, E7–E8 IGIC) for exempt operations at rate 0; null when subject and not exempt. */
  Exencion?: string | null;
}

export interface LineaCalculo {
  Cantidad: string | number;
  Precio: string | number;
  Descuento?: string | number | null;
  TipoIva: string;
  /** Lines outside the withholding base (e.g. supplied expenses); default false. */
  SinRetencion?: boolean;
}

export interface DocumentoCalculo {
  Lineas: LineaCalculo[];
  /** The customer is in recargo de equivalencia (surcharge applies to types that carry it). */
  RecargoEquivalencia?: boolean;
  /** IRPF withholding % of the document (15, 7, 19…); 0 or absent for none. */
  PorcRetencion?: string | number | null;
  /** Decimals of unit prices (the company's rounding decimals); default 2, at most 6. */
  DecimalesPrecio?: number;
}

export interface LineaTotal {
  /** The unit price rounded to the document's price decimals (what the server stores). */
  Precio: string;
  Importe: string;
}

export interface DesgloseIva {
  TipoIva: string;
  Impuesto: Impuesto;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
  Exencion: string | null;
  Base: string;
  Cuota: string;
  CuotaRecargo: string;
}

export interface Totales {
  Lineas: LineaTotal[];
  Desglose: DesgloseIva[];
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  TotalRetencion: string;
  Total: string;
}

export class TotalsError extends Error {
  constructor(
    message: string,
    readonly linea?: number,
  ) {
    super(message);
  }
}

const HUNDRED = dec(100);

/**
 * Decimals of unit prices for a company's rounding decimals (`DecimalesRedondeo`): never fewer than cents (2),
 * at most the 6 a price column holds; 2 when unset or not a whole number.
 */
export function decimalesPrecio(decimalesRedondeo?: number | null): number {
  if (decimalesRedondeo === null || decimalesRedondeo === undefined || !Number.isInteger(decimalesRedondeo)) return 2;
  return Math.min(6, Math.max(2, decimalesRedondeo));
}

/** A unit price rounded (half away from zero) to the price decimals: '1.23456' with 4 → '1.2346'. */
export function redondearPrecio(precio: string | number, decimales = 2): string {
  const d = decimalesPrecio(decimales);
  return toFixed(round(dec(precio), d), d);
}

/** Whether a price (decimal text, '.' or ',') has no more decimals than allowed (trailing zeros don't count). */
export function precioCabe(precio: string, decimales = 2): boolean {
  const frac = precio.trim().replace(',', '.').split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length <= decimalesPrecio(decimales);
}

export function importeLinea(linea: LineaCalculo, decimales = 2): Dec {
  const precio = round(dec(linea.Precio), decimalesPrecio(decimales));
  const descuento =
    linea.Descuento === null || linea.Descuento === undefined || linea.Descuento === '' ? ZERO : dec(linea.Descuento);
  // Cantidad × Precio × (100 − Descuento) / 100, rounded once at the end.
  return round(shift(mul(mul(dec(linea.Cantidad), precio), sub(HUNDRED, descuento)), 2), 2);
}

export function calcularTotales(doc: DocumentoCalculo, tipos: readonly TipoIva[]): Totales {
  const byKey = new Map(tipos.map((t) => [t.Valor, t]));
  const groups = new Map<string, { tipo: TipoIva; base: Dec }>();
  let baseRetencion = ZERO;
  const lineas: LineaTotal[] = doc.Lineas.map((linea, i) => {
    const tipo = byKey.get(linea.TipoIva);
    if (!tipo) throw new TotalsError(`Línea ${i + 1}: el tipo de IVA ${linea.TipoIva} no existe`, i);
    let importe: Dec;
    let precio: string;
    try {
      importe = importeLinea(linea, doc.DecimalesPrecio);
      precio = redondearPrecio(linea.Precio, doc.DecimalesPrecio);
    } catch {
      throw new TotalsError(`Línea ${i + 1}: la cantidad, el precio o el descuento no son números válidos`, i);
    }
    const group = groups.get(tipo.Valor) ?? { tipo, base: ZERO };
    group.base = add(group.base, importe);
    groups.set(tipo.Valor, group);
    if (!linea.SinRetencion) baseRetencion = add(baseRetencion, importe);
    return { Precio: precio, Importe: toFixed(importe, 2) };
  });

  const desglose: DesgloseIva[] = [];
  for (const { tipo, base } of groups.values()) {
    const porcIva = dec(tipo.PorcentajeIva);
    const recargo = doc.RecargoEquivalencia && tipo.GeneraRecargo !== false && tipo.PorcentajeRecargo != null;
    const porcRecargo = recargo ? dec(tipo.PorcentajeRecargo as string | number) : ZERO;
    desglose.push({
      TipoIva: tipo.Valor,
      Impuesto: tipo.Impuesto,
      PorcentajeIva: toFixed(porcIva, 2),
      PorcentajeRecargo: toFixed(porcRecargo, 2),
      Exencion: tipo.Exencion ?? null,
      Base: toFixed(base, 2),
      Cuota: toFixed(round(shift(mul(base, porcIva), 2), 2), 2),
      CuotaRecargo: toFixed(round(shift(mul(base, porcRecargo), 2), 2), 2),
    });
  }
  desglose.sort((a, b) => Number(b.PorcentajeIva) - Number(a.PorcentajeIva) || a.TipoIva.localeCompare(b.TipoIva));

  const porcRetencion =
    doc.PorcRetencion === null || doc.PorcRetencion === undefined || doc.PorcRetencion === ''
      ? ZERO
      : dec(doc.PorcRetencion);
  const retencion = isZero(porcRetencion) ? ZERO : round(shift(mul(baseRetencion, porcRetencion), 2), 2);
  const bases = sum(desglose.map((d) => dec(d.Base)));
  const cuotas = sum(desglose.map((d) => dec(d.Cuota)));
  const recargos = sum(desglose.map((d) => dec(d.CuotaRecargo)));
  return {
    Lineas: lineas,
    Desglose: desglose,
    BaseImponible: toFixed(bases, 2),
    TotalIva: toFixed(cuotas, 2),
    TotalRecargo: toFixed(recargos, 2),
    TotalRetencion: toFixed(retencion, 2),
    Total: toFixed(sub(add(add(bases, cuotas), recargos), retencion), 2),
  };
}
