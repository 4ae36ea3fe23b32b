import { add, dec, toFixed } from '../money/decimal.ts';
import type { DesgloseIva, TipoIva } from './totals.ts';

/**
 * Exempt sales (compliance-es §1.5 L10 and §7.4): the exemption cause travels from the VAT type (tiposiva.Exencion)
 * or from the customer's VAT regime into the breakdown, the PDF legend and the VeriFactu OperacionExenta.
 *
 * Customer regime → what its documents carry:
 * - intracomunitario: an intra-EU supply, exempt by art. 25 LIVA (E5) at 0 %, only when the customer has an EU
 *   VAT id (NIF-IVA); lines with an exempt type of their own keep their cause.
 * - exportacion: exempt by art. 21 LIVA (E2) at 0 %, same rule.
 * - exento: the exemption of art. 20 depends on the operation (teaching, health…), not on the customer, so nothing
 *   is guessed: every line must use an exempt VAT type (with its cause), else the save is refused.
 * - recargo: the equivalence surcharge (totals.ts); general: the VAT types as configured.
 */

export const MSG_EXENCIONES = {
  sinNifIva:
    'El cliente tiene régimen intracomunitario pero no tiene NIF-IVA de otro país de la UE: indícalo en su ficha (tipo de identificación NIF-IVA intracomunitario) o cambia su régimen de IVA',
  clienteExento: (n: number) =>
    `Línea ${n}: el cliente está exento de IVA; usa un tipo de IVA exento con su causa de exención (por ejemplo, Exento art. 20)`,
} as const;

const PAISES_UE = new Set(
  'AT BE BG CY CZ DE DK EE EL FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

/** The cause the customer's regime imposes on lines without one of their own (E5 intra-EU, E2 export), or null. */
export function exencionDeRegimen(regimen: string | null | undefined): 'E5' | 'E2' | null {
  if (regimen === 'intracomunitario') return 'E5';
  if (regimen === 'exportacion') return 'E2';
  return null;
}

/** Whether a customer has an EU VAT id of another member state (its identification type or its prefix). */
export function tieneNifIvaUe(cliente: { NIF?: unknown; TipoNIF?: unknown }): boolean {
  const nif = String(cliente.NIF ?? '')
    .trim()
    .toUpperCase();
  if (nif.length < 4) return false;
  if (cliente.TipoNIF === 'nifiva') return nif.slice(0, 2) !== 'ES';
  return PAISES_UE.has(nif.slice(0, 2)) && /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(nif);
}

/**
 * The VAT types as a document of a customer with `regimen` applies them: for intra-EU and export customers every
 * type without an exemption becomes exempt with the regime's cause, at 0 % and without surcharge. The lines keep
 * their VAT type (a re-save finds it), only its effect changes.
 */
export function tiposSegunRegimen<T extends TipoIva>(tipos: readonly T[], regimen: string | null | undefined): T[] {
  const causa = exencionDeRegimen(regimen);
  if (!causa) return [...tipos];
  return tipos.map((t) =>
    t.Exencion ? t : { ...t, PorcentajeIva: '0.00', PorcentajeRecargo: '0.00', GeneraRecargo: false, Exencion: causa },
  );
}

/** The 1-based numbers of the lines whose VAT type is not exempt (a customer exento needs none). */
export function lineasNoExentas(lineas: readonly { TipoIva: string }[], tipos: readonly TipoIva[]): number[] {
  const byValor = new Map(tipos.map((t) => [t.Valor, t]));
  return lineas.flatMap((l, i) => (byValor.get(l.TipoIva)?.Exencion ? [] : [i + 1]));
}

/**
 * The breakdown with exempt bases grouped per (tax, cause): one row per exemption cause, as the AEAT receives it
 * and the invoice prints it (the row keeps the first VAT type's key). Taxed rows, 0 % included, stay one per type,
 * so an exempt base never mixes with a taxed one nor with another cause.
 */
export function agruparExentas(desglose: readonly DesgloseIva[]): DesgloseIva[] {
  const out: DesgloseIva[] = [];
  const porCausa = new Map<string, DesgloseIva>();
  for (const d of desglose) {
    if (!d.Exencion) {
      out.push(d);
      continue;
    }
    const key = `${d.Impuesto}|${d.Exencion}`;
    const prev = porCausa.get(key);
    if (prev) {
      prev.Base = toFixed(add(dec(prev.Base), dec(d.Base)), 2);
      continue;
    }
    const row = { ...d, PorcentajeIva: '0.00', PorcentajeRecargo: '0.00', Cuota: '0.00', CuotaRecargo: '0.00' };
    porCausa.set(key, row);
    out.push(row);
  }
  return out;
}
