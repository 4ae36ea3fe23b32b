import { CASILLAS_180, CASILLAS_190 } from './modelo390Etiquetas.ts';
import {
  type Aviso,
  cents,
  type Declarado,
  eur,
  filasRetencion,
  type LineaRecibida,
  type ResultadoModelo,
  type Traza,
  trazaDe,
} from './modelos.ts';

/**
 * 190 and 180, the annual summaries of the withholdings that 111 and 115 pay each quarter, from the same rows
 * (`filasRetencion`: received invoices with IRPF under key 111 / 115): one perceptor record per recipient (NIF) with
 * the year's base and withholding, each box traced to its invoices. So 190's 02/03 are Σ 08/09 of the year's four
 * 111s and 180's 02/03 are Σ 02/03 of the four 115s by construction.
 *
 * 190: key G (professional activities); subkey 01 at the general rate (15 %), 03 at the reduced rate of a
 * professional starting out (7 %), 01 with a warning otherwise. Faro keeps no payroll, so there are no key A
 * (employees) records: payroll typed into a 111 is named by the cross-check (comprobaciones.ts).
 * 180: the property's cadastral reference is not stored by Faro: the record says "without reference" (situation 3).
 */
export interface Perceptor extends Declarado {
  /** 190 subkey (G01, G03); 180: none. */
  Subclave: string;
  Retencion: string;
  /** Withholding rate, % with 2 decimals. */
  Porcentaje: string;
  Provincia: string;
  /** 180: the property's cadastral reference, when stored. */
  Referencia?: string;
}

export type ResultadoPerceptores = Omit<ResultadoModelo, 'Declarados'> & { Declarados: Perceptor[] };

const nifDe = (nif: string | null) =>
  String(nif ?? '')
    .trim()
    .toUpperCase();

/** Withholding rate of a base, % with 2 decimals ('15.00'). */
const porcentaje = (base: number, ret: number) => (base ? ((ret * 100) / base).toFixed(2) : '0.00');
const SUBCLAVES_G: Record<string, string> = { '15.00': '01', '7.00': '03' };

function perceptores(
  modelo: '190' | '180',
  recibidas: readonly LineaRecibida[],
  clave: '111' | '115',
): ResultadoPerceptores {
  const avisos: Aviso[] = [];
  const porNif = new Map<string, { NIF: string; Nombre: string; CodPostal: string; base: number; ret: number }>();
  const traza: Record<string, Traza[]> = { '02': [], '03': [] };
  const sinNif = new Set<number>();
  for (const l of filasRetencion(recibidas, clave)) {
    const nif = nifDe(l.NIF);
    if (!nif) {
      if (!sinNif.has(l.Id))
        avisos.push({
          Codigo: 'sin-nif',
          Id: l.Id,
          Mensaje: `${l.NumSerie} (${l.Tercero || 'sin nombre'}): el perceptor no tiene NIF, no puede declararse en el modelo ${modelo}`,
        });
      sinNif.add(l.Id);
      continue;
    }
    const x = porNif.get(nif) ?? { NIF: nif, Nombre: l.Tercero, CodPostal: '', base: 0, ret: 0 };
    if (!x.CodPostal && /^\d{5}$/.test(String(l.CodPostal ?? '').trim())) x.CodPostal = String(l.CodPostal).trim();
    const [base, ret] = [cents(l.Base), cents(l.Retencion)];
    x.base += base;
    x.ret += ret;
    porNif.set(nif, x);
    const t = trazaDe({ libro: 'recibidas', l });
    traza['02']!.push({ ...t, Importe: eur(base) });
    if (ret) traza['03']!.push({ ...t, Importe: eur(ret) });
  }
  const Declarados: Perceptor[] = [];
  for (const x of [...porNif.values()].sort((a, b) => a.NIF.localeCompare(b.NIF))) {
    const pct = porcentaje(x.base, x.ret);
    const subclave = modelo === '190' ? (SUBCLAVES_G[pct] ?? '01') : '';
    if (modelo === '190' && !SUBCLAVES_G[pct])
      avisos.push({
        Codigo: 'tipo-desconocido',
        Mensaje: `${x.Nombre} (${x.NIF}): retención media del ${pct.replace('.', ',')} %, se declara con la subclave G01 (tipo general): revísala`,
      });
    if (!x.CodPostal)
      avisos.push({
        Codigo: 'sin-provincia',
        Mensaje: `${x.Nombre} (${x.NIF}): sin código postal español, falta la provincia del perceptor`,
      });
    Declarados.push({
      NIF: x.NIF,
      Nombre: x.Nombre,
      Clave: modelo === '190' ? 'G' : '1',
      Subclave: subclave,
      Importe: eur(x.base),
      Retencion: eur(x.ret),
      Porcentaje: pct,
      Provincia: x.CodPostal.slice(0, 2),
    });
  }
  const suma = (k: 'base' | 'ret') => [...porNif.values()].reduce((s, x) => s + x[k], 0);
  const Casillas: Record<string, string> = {
    '01': String(Declarados.length),
    '02': eur(suma('base')),
    '03': eur(suma('ret')),
  };
  for (const c of modelo === '190' ? CASILLAS_190 : CASILLAS_180) Casillas[c] ??= '0.00';
  return {
    Modelo: modelo,
    Casillas,
    Traza: traza,
    Formulas: { '01': 'Perceptores distintos (NIF) del año' },
    Avisos: avisos,
    Declarados,
  };
}

/** 190 of a year from the year's received rows. */
export const modelo190 = (recibidas: readonly LineaRecibida[]): ResultadoPerceptores =>
  perceptores('190', recibidas, '111');
/** 180 of a year from the year's received rows. */
export const modelo180 = (recibidas: readonly LineaRecibida[]): ResultadoPerceptores =>
  perceptores('180', recibidas, '115');
