import { add, compare, type Dec, dec, isZero, mul, round, shift, sub, toFixed, ZERO } from '../money/decimal.ts';
import { calcularTotales, type DocumentoCalculo, type TipoIva, type Totales, TotalsError } from '../sales/totals.ts';

/**
 * Received invoices' totals: the sales calculation (`calcularTotales`: lines → per-rate breakdown, VAT,
 * recargo, IRPF) plus what only the buyer has — the deductible and non-deductible VAT, the self-assessed VAT of
 * intra-EU acquisitions and reverse-charge purchases (inversión del sujeto pasivo: the supplier charges none, the
 * buyer accrues it and deducts it in the same return: model 303 boxes 10–13 / 36–37) — and the difference between
 * the totals the supplier's paper shows and the computed ones.
 *
 * CuotaAutoliquidada = round(Σ base × PorcAutoliquidacion / 100, 2)         (intracomunitaria, inversion; else 0)
 * CuotaDeducible     = round((TotalIva + CuotaAutoliquidada) × (100 − PorcNoDeducible) / 100, 2)
 * CuotaNoDeducible   = TotalIva + CuotaAutoliquidada − CuotaDeducible      (a cost, like the recargo paid)
 * TotalAPagar        = Total (base + VAT + recargo − IRPF: the self-assessed VAT is never paid to the supplier)
 */
export const OPERACIONES_COMPRA = ['interior', 'intracomunitaria', 'inversion', 'importacion'] as const;
export type OperacionCompra = (typeof OPERACIONES_COMPRA)[number];
export const OPERACION_LABEL: Record<OperacionCompra, string> = {
  interior: 'Interior',
  intracomunitaria: 'Adquisición intracomunitaria',
  inversion: 'Inversión del sujeto pasivo',
  importacion: 'Importación (DUA)',
};
/** Operations where the buyer self-assesses the VAT (the supplier's invoice carries none). */
export const AUTOLIQUIDA = (op: string | null | undefined) => op === 'intracomunitaria' || op === 'inversion';

/** IRPF withheld on a received invoice: the model it is declared in (111 professionals, 115 rentals). */
export const CLAVES_RETENCION = {
  '111': 'Actividades profesionales (modelo 111)',
  '115': 'Arrendamiento de inmuebles urbanos (modelo 115)',
} as const;
export type ClaveRetencion = keyof typeof CLAVES_RETENCION;

export const MSG_TOTALES_COMPRA = {
  autoliquidadaConIva: (linea: number) =>
    `Línea ${linea}: en una adquisición intracomunitaria o con inversión del sujeto pasivo el proveedor no repercute IVA; usa un tipo al 0 % (el IVA se autoliquida)`,
  noDeducible: 'El porcentaje no deducible debe estar entre 0 y 100',
} as const;

export interface OpcionesCompra {
  Operacion?: OperacionCompra | null;
  /** % of the VAT that is not deductible (0–100): cars, mixed use, pro-rata. */
  PorcNoDeducible?: string | number | null;
  /** Rate of the self-assessed VAT (intra-EU, reverse charge); default 21. */
  PorcAutoliquidacion?: string | number | null;
}

export interface TotalesCompra extends Totales {
  BaseAutoliquidada: string;
  CuotaAutoliquidada: string;
  CuotaDeducible: string;
  CuotaNoDeducible: string;
  TotalAPagar: string;
}

const pct = (v: string | number | null | undefined, dflt: number): Dec =>
  v === null || v === undefined || v === '' ? dec(dflt) : dec(v);

/** The buyer's part of a received invoice's totals, from its stored totals (header and breakdown). */
export function importesCompra(
  t: Pick<Totales, 'BaseImponible' | 'TotalIva' | 'Total'> & { Desglose: { Base: string; Cuota: string }[] },
  op: OpcionesCompra = {},
): Omit<TotalesCompra, keyof Totales> {
  const noDed = pct(op.PorcNoDeducible, 0);
  if (compare(noDed, ZERO) < 0 || compare(noDed, dec(100)) > 0) throw new TotalsError(MSG_TOTALES_COMPRA.noDeducible);
  const autoliquida = AUTOLIQUIDA(op.Operacion);
  const base = autoliquida ? dec(t.BaseImponible) : ZERO;
  const autoliquidada = autoliquida ? round(shift(mul(base, pct(op.PorcAutoliquidacion, 21)), 2), 2) : ZERO;
  const iva = add(dec(t.TotalIva), autoliquidada);
  const deducible = round(shift(mul(iva, sub(dec(100), noDed)), 2), 2);
  return {
    BaseAutoliquidada: toFixed(base, 2),
    CuotaAutoliquidada: toFixed(autoliquidada, 2),
    CuotaDeducible: toFixed(deducible, 2),
    CuotaNoDeducible: toFixed(sub(iva, deducible), 2),
    TotalAPagar: toFixed(dec(t.Total), 2),
  };
}

/** Refuses VAT charged by the supplier on an operation where the buyer self-assesses it. */
export function comprobarAutoliquidacion(
  doc: Pick<DocumentoCalculo, 'Lineas'>,
  tipos: readonly TipoIva[],
  op: OperacionCompra | null | undefined,
): void {
  if (!AUTOLIQUIDA(op)) return;
  const byKey = new Map(tipos.map((t) => [t.Valor, t]));
  doc.Lineas.forEach((l, i) => {
    const t = byKey.get(l.TipoIva);
    if (t && !isZero(dec(t.PorcentajeIva))) throw new TotalsError(MSG_TOTALES_COMPRA.autoliquidadaConIva(i + 1), i);
  });
}

/** A received invoice's totals for every regime: the sales totals plus the buyer's VAT figures. */
export function calcularTotalesCompra(
  doc: DocumentoCalculo,
  tipos: readonly TipoIva[],
  op: OpcionesCompra = {},
): TotalesCompra {
  comprobarAutoliquidacion(doc, tipos, op.Operacion);
  const t = calcularTotales(doc, tipos);
  return { ...t, ...importesCompra(t, op) };
}

/** The totals typed from the supplier's paper (any may be left blank). */
export interface TotalesPapel {
  BaseImponible?: string | null;
  TotalIva?: string | null;
  Total?: string | null;
}
export interface DiferenciaCampo {
  Campo: keyof TotalesPapel;
  Calculado: string;
  Papel: string;
  /** Papel − Calculado. */
  Diferencia: string;
  /** |Diferencia| / |Calculado| × 100, 2 decimals (100 when the computed figure is 0 and the paper's is not). */
  Porcentaje: string;
}
export interface DiferenciaPapel {
  Campos: DiferenciaCampo[];
  /** Some typed total differs by at least a cent. */
  HayDiferencia: boolean;
  /** The largest percentage of the fields. */
  Porcentaje: string;
}

const abs = (d: Dec): Dec => (compare(d, ZERO) < 0 ? sub(ZERO, d) : d);

/** Percentage of `parte` over `todo` with 2 decimals (exact integer arithmetic, half away from zero). */
function porcentaje(parte: Dec, todo: Dec): Dec {
  if (isZero(parte)) return ZERO;
  if (isZero(todo)) return dec(100);
  // Both as integers of the same scale: p / t × 100 with 2 decimals = round(p × 10^4 / t) / 10^2.
  const scale = Math.max(parte.scale, todo.scale);
  const p = abs(parte).units * 10n ** BigInt(scale - parte.scale);
  const t = abs(todo).units * 10n ** BigInt(scale - todo.scale);
  const q = (p * 10000n * 2n + t) / (2n * t);
  return { units: q, scale: 2 };
}

/**
 * The difference between the totals typed from the supplier's paper and the computed ones, per field; null when
 * nothing was typed.
 */
export function diferenciaPapel(
  calculado: Pick<Totales, 'BaseImponible' | 'TotalIva' | 'Total'>,
  papel: TotalesPapel,
): DiferenciaPapel | null {
  const campos: DiferenciaCampo[] = [];
  for (const campo of ['BaseImponible', 'TotalIva', 'Total'] as const) {
    const v = papel[campo];
    if (v === null || v === undefined || v === '') continue;
    const c = dec(calculado[campo]);
    const p = dec(v);
    const d = sub(p, c);
    campos.push({
      Campo: campo,
      Calculado: toFixed(c, 2),
      Papel: toFixed(p, 2),
      Diferencia: toFixed(d, 2),
      Porcentaje: toFixed(porcentaje(d, c), 2),
    });
  }
  if (!campos.length) return null;
  const max = campos.reduce((m, c) => (compare(dec(c.Porcentaje), m) > 0 ? dec(c.Porcentaje) : m), ZERO);
  return {
    Campos: campos,
    HayDiferencia: campos.some((c) => !isZero(dec(c.Diferencia))),
    Porcentaje: toFixed(max, 2),
  };
}
