import { add, dec, mul, toFixed, ZERO } from '../money/decimal.ts';

/** Euro notes and coins a cash count asks for, largest first. */
export const DENOMINACIONES_EURO = [
  '500',
  '200',
  '100',
  '50',
  '20',
  '10',
  '5',
  '2',
  '1',
  '0.50',
  '0.20',
  '0.10',
  '0.05',
  '0.02',
  '0.01',
] as const;
export type Denominacion = (typeof DENOMINACIONES_EURO)[number];

export const esBillete = (d: string) => Number(d) >= 5;
export const etiquetaDenominacion = (d: string) =>
  Number(d) >= 1 ? `${Number(d)} €` : `${Math.round(Number(d) * 100)} cént.`;

/** The counted total of a breakdown { denomination: pieces } (unknown denominations and negatives refused). */
export function totalDesglose(desglose: Record<string, number>): string {
  let total = ZERO;
  for (const [d, n] of Object.entries(desglose)) {
    if (!(DENOMINACIONES_EURO as readonly string[]).includes(d)) throw new Error(`Denominación desconocida: ${d}`);
    if (!Number.isInteger(n) || n < 0) throw new Error(`Cantidad no válida para ${d}`);
    total = add(total, mul(dec(d), dec(n)));
  }
  return toFixed(total, 2);
}
