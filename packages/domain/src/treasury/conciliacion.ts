import { formatAmount } from '../format/amount.ts';
import { formatDate } from '../format/date.ts';
import { compare, dec } from '../money/decimal.ts';

/** What a statement line can be reconciled with. */
export const CLASES_CONCILIACION = ['cobro', 'pago', 'remesa', 'movimiento'] as const;
export type ClaseConciliacion = (typeof CLASES_CONCILIACION)[number];

export interface ApunteAConciliar {
  id: number;
  fecha: string;
  importe: string;
  texto: string;
}
export interface CandidatoConciliacion {
  clase: ClaseConciliacion;
  id: number;
  fecha: string;
  importe: string;
  /** References the bank may echo: invoice number, batch message id, customer name… */
  referencias: string[];
  descripcion: string;
}
export interface Propuesta {
  idApunte: number;
  candidato: CandidatoConciliacion;
  puntos: number;
}

const dias = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
const plano = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/**
 * Automatic proposals: a line and a candidate match on the exact amount (same sign) within `margen` days; among
 * those, one whose reference appears in the line's texts scores highest, then the nearest date. Each line and each
 * candidate is proposed at most once (best scores first).
 */
export function proponerConciliacion(
  apuntes: ApunteAConciliar[],
  candidatos: CandidatoConciliacion[],
  margen = 10,
): Propuesta[] {
  const pares: Propuesta[] = [];
  for (const a of apuntes) {
    const texto = plano(a.texto);
    for (const c of candidatos) {
      if (compare(dec(a.importe), dec(c.importe)) !== 0) continue;
      const d = dias(a.fecha, c.fecha);
      if (d > margen) continue;
      const ref = c.referencias.some((r) => plano(r).length >= 3 && texto.includes(plano(r)));
      pares.push({ idApunte: a.id, candidato: c, puntos: (ref ? 100 : 0) + (margen - d) });
    }
  }
  pares.sort((x, y) => y.puntos - x.puntos || x.idApunte - y.idApunte);
  const usadosA = new Set<number>();
  const usadosC = new Set<string>();
  const out: Propuesta[] = [];
  for (const p of pares) {
    const k = `${p.candidato.clase}:${p.candidato.id}`;
    if (usadosA.has(p.idApunte) || usadosC.has(k)) continue;
    usadosA.add(p.idApunte);
    usadosC.add(k);
    out.push(p);
  }
  return out.sort((x, y) => x.idApunte - y.idApunte);
}

/** A bank's upper-case text read as a sentence: "COMISION MANTENIMIENTO" → "Comision mantenimiento". */
export function textoLegible(texto: string): string {
  const t = texto.replace(/\s+/g, ' ').trim();
  if (!t) return '';
  const bajo = t === t.toUpperCase() ? t.toLowerCase() : t;
  return bajo.charAt(0).toUpperCase() + bajo.slice(1);
}

/**
 * What a person reads for a statement line or a movement: "Comision mantenimiento · 12/11/2026 · -12,00 €" — the
 * text, the day and the signed amount; never a file line number or an internal id.
 */
export function etiquetaConciliacion(texto: string, fecha: string, importe: string): string {
  return [textoLegible(texto) || 'Sin concepto', formatDate(fecha), formatAmount(importe)].join(' · ');
}

/** A remembered rule: a line whose texts contain `texto` becomes a movement of that concept. */
export interface ReglaConciliacion {
  id: number;
  texto: string;
}

/** A remembered rule as `tesoreria/reglasconciliacion` answers it and the screens show it. */
export interface ReglaConciliacionJson {
  Id: number;
  Texto: string;
  IdConcepto: number;
  Descripcion: string;
  Concepto: string;
  CuentaContable: string | null;
  IdCliente: number | null;
  IdProveedor: number | null;
  /** The named customer's or supplier's name (null when the rule names none). */
  Contacto: string | null;
}

/** The rule a line's texts match (accents, case and punctuation ignored): the longest matching text wins. */
export function reglaParaApunte<R extends ReglaConciliacion>(textoApunte: string, reglas: readonly R[]): R | null {
  const texto = plano(textoApunte);
  let mejor: R | null = null;
  for (const r of reglas) {
    const clave = plano(r.texto);
    if (clave.length < 3 || !texto.includes(clave)) continue;
    if (!mejor || clave.length > plano(mejor.texto).length) mejor = r;
  }
  return mejor;
}
