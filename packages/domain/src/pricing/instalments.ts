import { fromUnits, toUnits } from './decimal.ts';

export interface PaymentTerms {
  Plazos: number;
  DiasPrimerPlazo?: number | null;
  DiasEntrePlazos?: number | null;
}

export interface Instalment {
  Fecha: string;
  Importe: string;
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/**
 * Moves a due date to the customer's next payment day (días de pago, 1–31; a day past the month's end means its
 * last day). With no payment days the date stays.
 */
export function toPaymentDay(iso: string, diasPago: readonly number[]): string {
  const days = [...new Set(diasPago.filter((d) => d >= 1 && d <= 31))].sort((a, b) => a - b);
  if (!days.length) return iso;
  let [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  m -= 1;
  for (let guard = 0; guard < 3; guard++) {
    for (const day of days) {
      const candidate = Math.min(day, lastDay(y, m));
      if (candidate >= d) return `${y}-${String(m + 1).padStart(2, '0')}-${String(candidate).padStart(2, '0')}`;
    }
    m += 1;
    if (m === 12) {
      m = 0;
      y += 1;
    }
    d = 1;
  }
  return iso;
}

/**
 * The instalments of an amount: Plazos equal parts (the last one takes the cents left), the first due
 * DiasPrimerPlazo days after the date and the next ones every DiasEntrePlazos days, each moved to a payment day.
 */
export function instalments(
  fecha: string,
  total: string,
  terms: PaymentTerms,
  diasPago: readonly number[] = [],
): Instalment[] {
  const n = Math.max(1, Math.trunc(terms.Plazos));
  const cents = toUnits(total) / 10n ** 6n; // 8-decimal units → cents
  const part = cents / BigInt(n);
  const out: Instalment[] = [];
  let given = 0n;
  for (let i = 0; i < n; i++) {
    const amount = i === n - 1 ? cents - given : part;
    given += amount;
    const days = (terms.DiasPrimerPlazo ?? 0) + i * (terms.DiasEntrePlazos ?? 0);
    out.push({ Fecha: toPaymentDay(addDays(fecha, days), diasPago), Importe: fromUnits(amount * 10n ** 6n, 2) });
  }
  return out;
}
