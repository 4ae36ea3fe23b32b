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
  prorrataDe,
  type ResultadoModelo,
  type Traza,
} from '@faro/domain';
import { and, desc, eq, gte } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { modelosPresentados as mp } from '../../../platform/tenancy/tables.ts';
import { librosAgrupados, librosPorFilas } from './agrupados.ts';
import {
  cuantasFilas,
  type FiltroGrupos,
  gruposEmitidas,
  gruposRecibidas,
  leerAgrupado,
  lineasEmitidas,
  lineasRecibidas,
  metalicoPorNif,
  numeracion,
} from './libros.ts';
import { type Calculo, calcularAnual, con390, esAnual, librosDelAnyo } from './resumenesAnuales.ts';

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

/**
 * How the books are read: grouped in SQL (what the routes compute with), or row by row (the drill-down of a box of
 * the models other than 303 / 390, and what the groups must equal to the cent: `agrupados.test.ts`).
 */
export type Lectura = 'grupos' | 'filas';

export async function calcular(
  s: Scope,
  modelo: ModeloTributario,
  p: Periodo,
  ajustes?: Ajustes,
  tipo?: string,
  lectura: Lectura = 'grupos',
): Promise<ResultadoModelo & { Opciones?: Opciones303 }> {
  if (esAnual(modelo))
    return calcularAnual(
      s,
      modelo,
      p.anyo,
      (pq) => ajustesDelPeriodo(s, '303', pq),
      lectura === 'filas' ? await librosDelAnyo(s, p.anyo, modelo === '390') : undefined,
    );
  const draft = ajustes && tipo ? undefined : await borrador(s, modelo, p);
  const propios = ajustes ?? ((draft?.ajustes ?? {}) as Ajustes);
  const a = await ajustesDePresentados(s, modelo, p, propios, (tipo ?? draft?.tipo) === 'complementaria');
  if (modelo === '303') {
    // The books grouped in SQL (libros.ts); the last period also reads the year (page 04).
    const r303 = await con303(s, p, a).calcular();
    r303.Avisos.push(...huecosSerie(await numeracion(s, p.desde, p.hasta)));
    const { Prorrata, Exonerado390, ClaveActividad, EpigrafeIAE } = a;
    return { ...r303, Opciones: { Prorrata, Exonerado390, ClaveActividad, EpigrafeIAE } };
  }
  const libros = await (lectura === 'filas' ? librosPorFilas : librosAgrupados)(s, modelo, p);
  if (modelo === '347') a.Metalico = await metalicoPorNif(s, p.anyo);
  const { emitidas, recibidas } = libros;
  const r =
    modelo === '130'
      ? modelo130(p, emitidas, recibidas, a)
      : modelo === '111'
        ? modelo111(p, recibidas, a)
        : modelo === '115'
          ? modelo115(p, recibidas, a)
          : modelo === '349'
            ? modelo349(p, emitidas, recibidas)
            : modelo347(p, emitidas, recibidas, a);
  if (modelo === '130' || modelo === '347' || modelo === '349')
    r.Avisos.push(...huecosSerie(await numeracion(s, p.desde, p.hasta)));
  return r;
}

/** What a 303 is computed from: its period (and, in the last period, the year up to it) and its adjustments. */
export function con303(s: Scope, p: Periodo, a: Ajustes): Calculo {
  const anual = p.ultimo;
  const desde = anual ? `${p.anyo}-01-01` : p.desde;
  const prorrata = prorrataDe(a.Prorrata);
  return {
    desde,
    hasta: p.hasta,
    prorrata,
    calcular: () =>
      leerAgrupado(s, async (t) =>
        modelo303(
          p,
          await gruposEmitidas(t, p.desde, p.hasta),
          await gruposRecibidas(t, p.desde, p.hasta, { prorrata }),
          a,
          anual
            ? {
                emitidas: await gruposEmitidas(t, desde, p.hasta, { porTercero: true }),
                recibidas: await gruposRecibidas(t, desde, p.hasta, { porTercero: true, prorrata }),
              }
            : undefined,
        ),
      ),
    deFilas: (enPeriodo, enAnyo) =>
      modelo303(p, enPeriodo.emitidas, enPeriodo.recibidas, a, anual ? enAnyo : undefined),
  };
}

/** The 303 of a period from the books' rows (no grouping): what the grouped 303 must equal to the cent. */
export async function calcular303PorFilas(s: Scope, p: Periodo, a: Ajustes): Promise<ResultadoModelo> {
  const desde = p.ultimo ? `${p.anyo}-01-01` : p.desde;
  const emitidas = await lineasEmitidas(s, desde, p.hasta);
  const recibidas = await lineasRecibidas(s, desde, p.hasta);
  const enPeriodo = {
    emitidas: emitidas.filter((l) => l.Fecha >= p.desde),
    recibidas: recibidas.filter((l) => l.Fecha >= p.desde),
  };
  return con303(s, p, a).deFilas(enPeriodo, { emitidas, recibidas });
}

/** The adjustments the 303 of a period computes with (as `calcular` reads them). */
export async function ajustes303(s: Scope, p: Periodo): Promise<Ajustes> {
  const draft = await borrador(s, '303', p);
  return ajustesDePresentados(s, '303', p, (draft?.ajustes ?? {}) as Ajustes, draft?.tipo === 'complementaria');
}

/**
 * The rows behind a box, a page at a time. 303 and 390: the box's trace lists groups; their rows are read by the
 * groups' keys (a page), and the page's rows go through the same classifier in their place (the period's or the
 * year's), which gives what each adds to the box. Other models list their rows' trace.
 */
export async function trazaPaginada(
  s: Scope,
  modelo: ModeloTributario,
  p: Periodo,
  casilla: string,
  pagina: { limit: number; offset: number },
): Promise<{ r: ResultadoModelo; Lineas: Traza[]; Total: number }> {
  if (modelo !== '303' && modelo !== '390') {
    const r = await calcular(s, modelo, p, undefined, undefined, 'filas');
    const todas = r.Traza[casilla] ?? [];
    return { r, Lineas: todas.slice(pagina.offset, pagina.offset + pagina.limit), Total: todas.length };
  }
  const c =
    modelo === '303'
      ? con303(s, p, await ajustes303(s, p))
      : await con390(s, p.anyo, (pq) => ajustesDelPeriodo(s, '303', pq));
  const r = await c.calcular();
  const claves = (libro: Traza['Libro'], papel: string) => [
    ...new Set(
      (r.Traza[casilla] ?? [])
        .filter((t) => t.Libro === libro && t.Grupo?.startsWith(`["${papel}"`))
        .map((t) => t.Grupo!),
    ),
  ];
  const filtro = (libro: Traza['Libro'], limit: number, offset: number): FiltroGrupos => ({
    periodo: claves(libro, 'p'),
    anyo: claves(libro, 'a'),
    prorrata: c.prorrata,
    limit,
    offset,
  });
  // The count and the page's rows are planned like the grouped reads (no JIT for the year's rows), keeping their
  // sorts: the page is read in book order.
  const { n, emitidas, recibidas } = await leerAgrupado(
    s,
    async (t) => {
      const n = await cuantasFilas(t, c.desde, c.hasta, {
        emitidas: filtro('emitidas', 0, 0),
        recibidas: filtro('recibidas', 0, 0),
      });
      // The issued rows first, then the received ones.
      const enE = Math.max(0, Math.min(pagina.limit, n.emitidas - pagina.offset));
      const emitidas = enE ? await lineasEmitidas(t, c.desde, c.hasta, filtro('emitidas', enE, pagina.offset)) : [];
      const enR = pagina.limit - enE;
      const offR = Math.max(0, pagina.offset - n.emitidas);
      const recibidas =
        enR && n.recibidas > offR ? await lineasRecibidas(t, c.desde, c.hasta, filtro('recibidas', enR, offR)) : [];
      return { n, emitidas, recibidas };
    },
    false,
  );
  const porFilas = c.deFilas(
    { emitidas: emitidas.filter((l) => l.EnPeriodo), recibidas: recibidas.filter((l) => l.EnPeriodo) },
    { emitidas: emitidas.filter((l) => !l.EnPeriodo), recibidas: recibidas.filter((l) => !l.EnPeriodo) },
  );
  return { r, Lineas: porFilas.Traza[casilla] ?? [], Total: n.emitidas + n.recibidas };
}
