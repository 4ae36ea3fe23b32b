import {
  type Ajustes,
  esModelo,
  huecosSerie,
  type ModeloTributario,
  MSG_MODELOS,
  modelo111,
  modelo115,
  modelo130,
  modelo303,
  modelo347,
  modelo349,
  type Periodo,
  periodoTributario,
  type ResultadoModelo,
} from '@faro/domain';
import { and, desc, eq, gte } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { modelosPresentados as mp } from '../../../platform/tenancy/tables.ts';
import { lineasEmitidas, lineasRecibidas, metalicoPorNif, numeracion } from './libros.ts';
import { calcularAnual, esAnual } from './resumenesAnuales.ts';

/**
 * A model for a period: its rows read from the books through the company door, the presented returns it depends
 * on (303's compensation, 130's earlier payments, an earlier return of the same period for a complementaria), the
 * boxes typed in of the period's draft, and the domain's computation.
 */
export function periodoDePath(params: unknown): { modelo: ModeloTributario; p: Periodo } {
  const { modelo = '', anyo = '', periodo = '' } = params as Record<string, string>;
  if (!esModelo(modelo)) throw badRequest(MSG_MODELOS.modelo);
  const p = periodoTributario(modelo, Number(anyo), periodo);
  if (typeof p === 'string') throw badRequest(p);
  return { modelo, p };
}

export type Presentado = typeof mp.$inferSelect;

/** The returns of a model from `desdeAnyo` on, newest first. */
async function presentados(s: Scope, modelo: string, desdeAnyo: number): Promise<Presentado[]> {
  return s
    .select(mp, and(eq(mp.modelo, modelo), gte(mp.anyo, desdeAnyo)))
    .orderBy(desc(mp.anyo), desc(mp.creadoEn), desc(mp.id));
}

const casillasDe = (r: Presentado) => (r.casillas ?? {}) as Record<string, string>;
const finDe = (modelo: ModeloTributario, r: Presentado) => {
  const p = periodoTributario(modelo, r.anyo, r.periodo);
  return typeof p === 'string' ? '' : p.hasta;
};
const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);

/** What the presented returns give this period: 303's pending credit, 130's payments, an earlier result. */
async function ajustesDePresentados(
  s: Scope,
  modelo: ModeloTributario,
  p: Periodo,
  propios: Ajustes,
  complementaria: boolean,
): Promise<Ajustes> {
  const rows = await presentados(s, modelo, p.anyo - 4);
  const hechos = rows.filter((r) => r.estado === 'presentada');
  const a: Ajustes = { ...propios, Casillas: { ...(propios.Casillas ?? {}) } };
  // The result already presented for this very period: a complementaria subtracts it (a sustitutiva replaces it).
  const mismo = hechos.find((r) => r.anyo === p.anyo && r.periodo === p.codigo);
  const previo = { '303': '70', '130': '18', '111': '29', '115': '04' }[modelo as string];
  const resultado = { '303': '71', '130': '19', '111': '30', '115': '05' }[modelo as string];
  if (complementaria && mismo && previo && resultado && a.Casillas)
    a.Casillas[previo] = casillasDe(mismo)[resultado] ?? '0';
  if (modelo === '303') {
    // The latest presented period before this one: what it left to compensate (87) plus its own negative result
    // when it asked to compensate it (C).
    const antes = hechos.filter((r) => finDe(modelo, r) && finDe(modelo, r) < p.desde);
    antes.sort((x, y) => finDe(modelo, y).localeCompare(finDe(modelo, x)));
    const u = antes[0];
    if (u) {
      const c = casillasDe(u);
      const pendiente = cents(c['87']) + (u.tipoDeclaracion === 'C' ? Math.max(0, -cents(c['71'])) : 0);
      a.PendienteCompensar = (pendiente / 100).toFixed(2);
    }
  }
  if (modelo === '303') {
    // The 303's options (pro-rata, exonerated from 390, activity) are the company's: the draft's own, else those of
    // the latest 303 saved with them.
    const conOpciones = rows.find((r) => OPCIONES_303.some((k) => (r.ajustes as Ajustes | null)?.[k] !== undefined));
    const previas = (conOpciones?.ajustes ?? {}) as Ajustes;
    for (const k of OPCIONES_303)
      if (a[k] === undefined && previas[k] !== undefined) Object.assign(a, { [k]: previas[k] });
  }
  if (modelo === '130') {
    a.Anteriores130 = {};
    for (const r of hechos)
      if (r.anyo === p.anyo && r.periodo < p.codigo) a.Anteriores130[r.periodo] ??= casillasDe(r)['07'] ?? '0';
  }
  return a;
}

export const OPCIONES_303 = ['Prorrata', 'Exonerado390', 'ClaveActividad', 'EpigrafeIAE'] as const;
export type Opciones303 = Pick<Ajustes, (typeof OPCIONES_303)[number]>;

/** The draft of the period (the latest row still in borrador), if any. */
export async function borrador(s: Scope, modelo: string, p: Periodo): Promise<Presentado | undefined> {
  const [r] = await s
    .select(mp, and(eq(mp.modelo, modelo), eq(mp.anyo, p.anyo), eq(mp.periodo, p.codigo), eq(mp.estado, 'borrador')))
    .orderBy(desc(mp.id))
    .limit(1);
  return r;
}

/** What a period's return holds of its own: its draft's adjustments, else those it was presented with. */
export async function propiosDelPeriodo(s: Scope, modelo: ModeloTributario, p: Periodo): Promise<Ajustes> {
  const draft = await borrador(s, modelo, p);
  const [hecho] = draft ? [] : (await registrosDelPeriodo(s, modelo, p)).filter((r) => r.estado === 'presentada');
  return ((draft ?? hecho)?.ajustes ?? {}) as Ajustes;
}
const registrosDelPeriodo = (s: Scope, modelo: string, p: Periodo) =>
  s.select(mp, and(eq(mp.modelo, modelo), eq(mp.anyo, p.anyo), eq(mp.periodo, p.codigo))).orderBy(desc(mp.id));

/** The adjustments a period's own return computes with (the annual 390 reads each quarter's 303 so). */
export async function ajustesDelPeriodo(s: Scope, modelo: ModeloTributario, p: Periodo): Promise<Ajustes> {
  return ajustesDePresentados(s, modelo, p, await propiosDelPeriodo(s, modelo, p), false);
}

export async function calcular(
  s: Scope,
  modelo: ModeloTributario,
  p: Periodo,
  ajustes?: Ajustes,
  tipo?: string,
): Promise<ResultadoModelo & { Opciones?: Opciones303 }> {
  if (esAnual(modelo)) return calcularAnual(s, modelo, p.anyo, (pq) => ajustesDelPeriodo(s, '303', pq));
  const draft = ajustes && tipo ? undefined : await borrador(s, modelo, p);
  const propios = ajustes ?? ((draft?.ajustes ?? {}) as Ajustes);
  const a = await ajustesDePresentados(s, modelo, p, propios, (tipo ?? draft?.tipo) === 'complementaria');
  // 130 is cumulative from 1 January; the last 303 of the year sums the year's operations (page 04).
  const anual = modelo === '303' && p.ultimo;
  const desde = modelo === '130' || anual ? `${p.anyo}-01-01` : p.desde;
  const conEmitidas = modelo !== '111' && modelo !== '115';
  const delAnyo = {
    emitidas: conEmitidas ? await lineasEmitidas(s, desde, p.hasta) : [],
    recibidas: await lineasRecibidas(s, desde, p.hasta),
  };
  const enPeriodo = anual && desde < p.desde;
  const emitidas = enPeriodo ? delAnyo.emitidas.filter((l) => l.Fecha >= p.desde) : delAnyo.emitidas;
  const recibidas = enPeriodo ? delAnyo.recibidas.filter((l) => l.Fecha >= p.desde) : delAnyo.recibidas;
  if (modelo === '347') a.Metalico = await metalicoPorNif(s, p.anyo);
  const r =
    modelo === '303'
      ? modelo303(p, emitidas, recibidas, a, anual ? delAnyo : undefined)
      : modelo === '130'
        ? modelo130(p, emitidas, recibidas, a)
        : modelo === '111'
          ? modelo111(p, recibidas, a)
          : modelo === '115'
            ? modelo115(p, recibidas, a)
            : modelo === '349'
              ? modelo349(p, emitidas, recibidas)
              : modelo347(p, emitidas, recibidas, a);
  if (conEmitidas) r.Avisos.push(...huecosSerie(await numeracion(s, p.desde, p.hasta)));
  if (modelo !== '303') return r;
  const { Prorrata, Exonerado390, ClaveActividad, EpigrafeIAE } = a;
  return { ...r, Opciones: { Prorrata, Exonerado390, ClaveActividad, EpigrafeIAE } };
}
