import { enumOptions } from '../fields/enumOptions.ts';
import { applyDiscount, compareDec, fromUnits, toUnits } from './decimal.ts';

/** Spec section 9: the discount types of a tariff line. */
export const TIPOS_DESCUENTO = enumOptions({ descuento: 'Descuento', precio: 'Precio fijo' });
export type TipoDescuento = (typeof TIPOS_DESCUENTO)[number]['value'];

export interface TariffLine {
  IdProducto?: number | null;
  IdFamilia?: number | null;
  Tipo: TipoDescuento;
  /** Discount percent ('descuento') or the fixed unit price ('precio'). */
  Valor: string;
  CantidadMinima?: string | null;
}

export interface Tariff {
  Id: number;
  DescuentoGeneral?: string | null;
  FechaDesde?: string | null;
  FechaHasta?: string | null;
  Baja?: boolean;
  Lineas: readonly TariffLine[];
}

export interface PriceQuery {
  /** The product's sale price (PrecioVenta). */
  precioBase: string;
  idProducto: number;
  /** The product's family first, then its parent, grandparent… (nearest first). */
  familias: readonly number[];
  cantidad: string;
  /** yyyy-mm-dd of the document. */
  fecha: string;
  /** The candidate tariffs, by priority: the customer's own, then their group's. The first valid one applies. */
  tarifas: readonly (Tariff | null | undefined)[];
}

export type PriceOrigin = 'base' | 'producto' | 'familia' | 'general';

export interface ResolvedPrice {
  /** Unit price before the discount. */
  Precio: string;
  /** Discount percent on the line ('0.00' when none). */
  Descuento: string;
  /** Unit price after the discount (4 decimals). */
  PrecioNeto: string;
  Origen: PriceOrigin;
  IdTarifa: number | null;
}

const valid = (t: Tariff | null | undefined, fecha: string): t is Tariff =>
  !!t && !t.Baja && (!t.FechaDesde || t.FechaDesde <= fecha) && (!t.FechaHasta || t.FechaHasta >= fecha);

/** The line with the largest minimum quantity the quantity reaches (ties: the later line wins, as edited last). */
function bestLine(lines: readonly TariffLine[], cantidad: string): TariffLine | undefined {
  let best: TariffLine | undefined;
  for (const line of lines) {
    const min = line.CantidadMinima || '0';
    if (compareDec(cantidad, min) < 0) continue;
    if (!best || compareDec(min, best.CantidadMinima || '0') >= 0) best = line;
  }
  return best;
}

/**
 * The price a customer gets for a product: the first tariff that is valid on the date (not Baja, within its
 * dates) decides with its most specific line — a line for the product beats one for its family, which beats one
 * for a parent family — and among lines for the same target, the one with the highest minimum quantity reached.
 * A 'precio' line fixes the unit price (no discount); a 'descuento' line keeps the base price with that discount;
 * with no line, the tariff's general discount applies. No valid tariff: the base price.
 */
export function resolvePrice(q: PriceQuery): ResolvedPrice {
  const base = fromUnits(toUnits(q.precioBase), 4);
  const tariff = q.tarifas.find((t) => valid(t, q.fecha));
  const result = (Precio: string, Descuento: string, Origen: PriceOrigin): ResolvedPrice => ({
    Precio,
    Descuento: fromUnits(toUnits(Descuento), 2),
    PrecioNeto: applyDiscount(Precio, Descuento, 4),
    Origen,
    IdTarifa: tariff?.Id ?? null,
  });
  if (!tariff) return result(base, '0', 'base');
  const apply = (line: TariffLine, origin: PriceOrigin) =>
    line.Tipo === 'precio' ? result(fromUnits(toUnits(line.Valor), 4), '0', origin) : result(base, line.Valor, origin);

  const forProduct = bestLine(
    tariff.Lineas.filter((l) => l.IdProducto === q.idProducto),
    q.cantidad,
  );
  if (forProduct) return apply(forProduct, 'producto');
  for (const familia of q.familias) {
    const line = bestLine(
      tariff.Lineas.filter((l) => l.IdFamilia === familia && !l.IdProducto),
      q.cantidad,
    );
    if (line) return apply(line, 'familia');
  }
  if (tariff.DescuentoGeneral && toUnits(tariff.DescuentoGeneral) !== 0n) {
    return result(base, tariff.DescuentoGeneral, 'general');
  }
  return result(base, '0', 'base');
}
