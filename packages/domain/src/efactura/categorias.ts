import { add, dec, isZero, toFixed } from '../money/decimal.ts';
import { leyendaExencion } from '../reference/fiscal.ts';
import type { DesgloseIva } from '../sales/totals.ts';

/**
 * EN 16931 VAT categories (UNTDID 5305, BT-118/BT-151) of the stored VAT breakdown, mirroring what VeriFactu
 * declares for the same row: S standard, Z zero rate, E exempt (arts. 20, 22–24 LIVA, E6; IGIC's E7/E8), G export
 * (art. 21, E2), K intra-EU supply (art. 25, E5), AE reverse charge (S2), O not subject (N1/N2), and the Spanish
 * territories' own taxes L (IGIC) and M (IPSI).
 *
 * Recargo de equivalencia has no category of its own, and a second subtotal for it breaks BR-S-08 (no line at the
 * surcharge's rate) or BR-CO-17 (a non-VAT subtotal with an amount): the surcharge is carried inside the standard
 * category, whose rate is then VAT + surcharge (21 + 5.2 = 26.2) and whose amount is cuota + recargo; a note states
 * both parts. The rounding of the two separate amounts stays within the rules' tolerance (BR-S-09).
 */
export type CodigoCategoria = 'S' | 'Z' | 'E' | 'G' | 'K' | 'AE' | 'O' | 'L' | 'M';

export interface CategoriaIva {
  Codigo: CodigoCategoria;
  /** The rate (BT-119/BT-152); absent for O, which carries none (BR-O-05). */
  Porcentaje: string | null;
  /** VATEX code (BT-121) where one exists. */
  CodigoExencion: string | null;
  /** The exemption reason text (BT-120) the categories other than S, Z, L and M need. */
  MotivoExencion: string | null;
}

const EXENTAS = new Set(['E1', 'E3', 'E4', 'E6', 'E7', 'E8']);

/** A rate as the XML writes it: '21.00' → '21', '5.20' → '5.2'. */
export function porcentajeTexto(v: string): string {
  const t = toFixed(dec(v), 2);
  return t.replace(/\.?0+$/, '') || '0';
}

const exenta = (Codigo: CodigoCategoria, CodigoExencion: string | null, MotivoExencion: string): CategoriaIva => ({
  Codigo,
  Porcentaje: Codigo === 'O' ? null : '0',
  CodigoExencion,
  MotivoExencion,
});

/** The category of one breakdown row (the customer's regime decides a 0 % row without a cause, like VeriFactu). */
export function categoriaDe(d: DesgloseIva, regimen: string | null): CategoriaIva {
  const causa = d.Exencion?.trim().toUpperCase() ?? '';
  if (causa === 'E5') return exenta('K', 'VATEX-EU-IC', leyendaExencion('E5'));
  if (causa === 'E2') return exenta('G', 'VATEX-EU-G', leyendaExencion('E2'));
  if (EXENTAS.has(causa)) return exenta('E', null, leyendaExencion(causa) || 'Operación exenta');
  if (causa === 'N1' || causa === 'N2')
    return exenta('O', 'VATEX-EU-O', causa === 'N1' ? 'Operación no sujeta' : 'No sujeta por reglas de localización');
  if (causa === 'S2') return exenta('AE', 'VATEX-EU-AE', 'Inversión del sujeto pasivo');
  const cero = isZero(dec(d.PorcentajeIva)) && isZero(dec(d.Cuota));
  if (cero && d.Impuesto === 'IVA' && regimen === 'exportacion')
    return exenta('G', 'VATEX-EU-G', leyendaExencion('E2'));
  if (cero && d.Impuesto === 'IVA' && regimen === 'intracomunitario')
    return exenta('K', 'VATEX-EU-IC', leyendaExencion('E5'));
  const Codigo: CodigoCategoria = d.Impuesto === 'IGIC' ? 'L' : d.Impuesto === 'IPSI' ? 'M' : cero ? 'Z' : 'S';
  const recargo = Codigo === 'S' && !isZero(dec(d.CuotaRecargo));
  const tipo = recargo ? add(dec(d.PorcentajeIva), dec(d.PorcentajeRecargo)) : dec(d.PorcentajeIva);
  return { Codigo, Porcentaje: porcentajeTexto(toFixed(tipo, 2)), CodigoExencion: null, MotivoExencion: null };
}

/** One VAT breakdown (BG-23): the rows of one category and rate together (BR-E-01: one E breakdown, etc.). */
export interface SubtotalIva {
  Categoria: CategoriaIva;
  Base: string;
  Cuota: string;
  /** The stored rows it adds up (their surcharge is part of Cuota). */
  Filas: DesgloseIva[];
}

const clave = (c: CategoriaIva) => `${c.Codigo}|${c.Porcentaje ?? ''}`;

/** The breakdown rows grouped by category and rate; exemption texts of merged causes joined. */
export function subtotalesIva(desglose: readonly DesgloseIva[], regimen: string | null): SubtotalIva[] {
  const grupos = new Map<string, SubtotalIva>();
  for (const d of desglose) {
    const c = categoriaDe(d, regimen);
    const g = grupos.get(clave(c));
    const cuota = add(dec(d.Cuota), dec(d.CuotaRecargo));
    if (!g) {
      grupos.set(clave(c), { Categoria: c, Base: toFixed(dec(d.Base), 2), Cuota: toFixed(cuota, 2), Filas: [d] });
      continue;
    }
    g.Base = toFixed(add(dec(g.Base), dec(d.Base)), 2);
    g.Cuota = toFixed(add(dec(g.Cuota), cuota), 2);
    g.Filas.push(d);
    const motivo = c.MotivoExencion;
    if (motivo && !g.Categoria.MotivoExencion?.split('; ').includes(motivo))
      g.Categoria = { ...g.Categoria, MotivoExencion: `${g.Categoria.MotivoExencion}; ${motivo}` };
  }
  return [...grupos.values()];
}
