import {
  type Ajustes,
  type Declarante,
  fichero390,
  ficheroAutoliquidacion,
  ficheroDeclaracion,
  ficheroPerceptores,
  type LineaEmitida,
  type LineaRecibida,
  type ModeloAnual,
  type ModeloTributario,
  modelo180,
  modelo190,
  modelo390,
  type Periodo,
  type Presentada,
  periodoTributario,
  prorrataDe,
  type ResultadoModelo,
  type ResultadoPerceptores,
  TRIMESTRES,
  type Trimestre,
} from '@faro/domain';
import { and, desc, eq } from 'drizzle-orm';
import { enTransaccion, type Scope } from '../../../platform/tenancy/scope.ts';
import { modelosPresentados as mp } from '../../../platform/tenancy/tables.ts';
import { librosAgrupados } from './agrupados.ts';
import { gruposEmitidas, gruposRecibidasDelAnyo, leerAgrupado, lineasEmitidas, lineasRecibidas } from './libros.ts';

/**
 * The annual summaries 390, 190 and 180 of a year: the year's book rows read once through the company door (the
 * same reading as every periodic model), the four 303s' adjustments and presented returns, and the domain's
 * computation (modelo390.ts, modelo190.ts). `calcular` (servicio.ts) sends the annual models here.
 */
export const esAnual = (m: string): m is ModeloAnual => m === '390' || m === '190' || m === '180';

export interface LibrosDelAnyo {
  emitidas: LineaEmitida[];
  recibidas: LineaRecibida[];
}

export async function librosDelAnyo(s: Scope, anyo: number, conEmitidas = true): Promise<LibrosDelAnyo> {
  const [desde, hasta] = [`${anyo}-01-01`, `${anyo}-12-31`];
  return {
    emitidas: conEmitidas ? await lineasEmitidas(s, desde, hasta) : [],
    recibidas: await lineasRecibidas(s, desde, hasta),
  };
}

/** The return of a period as presented (the latest: a complementaria or sustitutiva is what stands). */
export async function presentada(s: Scope, modelo: string, p: Periodo) {
  const [r] = await s
    .select(mp, and(eq(mp.modelo, modelo), eq(mp.anyo, p.anyo), eq(mp.periodo, p.codigo), eq(mp.estado, 'presentada')))
    .orderBy(desc(mp.id))
    .limit(1);
  return r;
}

export const trimestreDe = (modelo: string, anyo: number, q: Trimestre) =>
  periodoTributario(modelo === '390' ? '303' : modelo === '190' ? '111' : '115', anyo, q) as Periodo;

/** The adjustments a quarter's own 303 computes with (servicio.ts: draft or presented, and what earlier returns carry). */
export type AjustesDe = (p: Periodo) => Promise<Ajustes>;

export async function calcularAnual(
  s: Scope,
  modelo: ModeloAnual,
  anyo: number,
  ajustesDe: AjustesDe,
  libros?: LibrosDelAnyo,
): Promise<ResultadoModelo> {
  if (modelo === '390') {
    const c = await con390(s, anyo, ajustesDe);
    return libros ? c.deFilas(libros, libros) : c.calcular();
  }
  const l = libros ?? (await librosAgrupados(s, modelo, { anyo, desde: `${anyo}-01-01`, hasta: `${anyo}-12-31` }));
  return modelo === '190' ? modelo190(l.recibidas) : modelo180(l.recibidas);
}

/** A model computed from grouped books, and again from a few of its rows (the drill-down of a box). */
export interface Calculo {
  desde: string;
  hasta: string;
  /** The pro-rata the received rows are grouped with (libros.ts). */
  prorrata: number;
  /** The boxes from the books grouped in SQL (libros.ts). */
  calcular: () => Promise<ResultadoModelo>;
  /** The same classification of some of the books' rows: `enPeriodo` as the period's, `enAnyo` as the year's. */
  deFilas: (enPeriodo: LibrosDelAnyo, enAnyo: LibrosDelAnyo) => ResultadoModelo;
}

/** The 390 of a year: each quarter's 303 adjustments and presented return, and the year's books. */
export async function con390(s: Scope, anyo: number, ajustesDe: AjustesDe): Promise<Calculo> {
  const Trimestres: Partial<Record<Trimestre, Ajustes>> = {};
  const Presentadas: Partial<Record<Trimestre, Presentada>> = {};
  // 1T takes the credit pending from the last 303 presented before it (last year's); a later quarter too when the
  // one before it was presented, else the credit runs on from the quarters computed from the books.
  let anteriorPresentada = true;
  for (const q of TRIMESTRES) {
    const p = trimestreDe('390', anyo, q);
    const a = await ajustesDe(p);
    if (!anteriorPresentada) delete a.PendienteCompensar;
    Trimestres[q] = a;
    const x = await presentada(s, '303', p);
    if (x)
      Presentadas[q] = { Casillas: (x.casillas ?? {}) as Record<string, string>, TipoDeclaracion: x.tipoDeclaracion };
    anteriorPresentada = Boolean(x);
  }
  const aj = { Trimestres, Presentadas };
  // A quarter with a pro-rata below 100 % deducts row by row: the received rows are then not grouped.
  const prorrata = TRIMESTRES.every((q) => prorrataDe(Trimestres[q]?.Prorrata) === 100) ? 100 : 1;
  const [desde, hasta] = [`${anyo}-01-01`, `${anyo}-12-31`];
  return {
    desde,
    hasta,
    prorrata,
    calcular: async () => {
      // The received book's groups both ways from one reading of its rows (libros.ts), the issued book's by month and
      // by party. Outside a transaction the three reads run at once on their own connections (the received one
      // cannot use parallel workers, so it overlaps the issued ones: 1.1 s → 0.7 s for a year of 150,000 invoices);
      // inside one (filing) they share its connection and snapshot, one after the other.
      const recibidas = (t: Scope) => gruposRecibidasDelAnyo(t, desde, hasta, prorrata);
      const porMes = (t: Scope) => gruposEmitidas(t, desde, hasta);
      const porTercero = (t: Scope) => gruposEmitidas(t, desde, hasta, { porTercero: true });
      const [r, e, a] = enTransaccion(s)
        ? await leerAgrupado(s, async (t) => [await recibidas(t), await porMes(t), await porTercero(t)] as const)
        : await Promise.all([leerAgrupado(s, recibidas), leerAgrupado(s, porMes), leerAgrupado(s, porTercero)]);
      return modelo390(anyo, e, r.periodo, aj, { emitidas: a, recibidas: r.anyo });
    },
    deFilas: (enPeriodo, enAnyo) => modelo390(anyo, enPeriodo.emitidas, enPeriodo.recibidas, aj, enAnyo),
  };
}

/** The AEAT file of any model: the self-assessments' BOE pages, the informative returns' 500-position records. */
export function ficheroDe(modelo: ModeloTributario, r: ResultadoModelo, p: Periodo, d: Declarante): string {
  if (modelo === '390') return fichero390(r, p, d);
  if (modelo === '190' || modelo === '180') return ficheroPerceptores(r as ResultadoPerceptores, p, d);
  return modelo === '347' || modelo === '349' ? ficheroDeclaracion(r, p, d) : ficheroAutoliquidacion(r, p, d);
}
