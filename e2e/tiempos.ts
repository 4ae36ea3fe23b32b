import type { Locator, Page } from 'playwright-core';

/**
 * Time to data of a screen (the bench's SCREENS section and the morning journey): the /api calls the page starts
 * from the moment the screen is asked for until its first data row or figure is visible, and how long that took.
 * Counting calls is behaviour (the journeys assert it); the times are only printed.
 */
export interface Medida {
  pantalla: string;
  /** /api calls started before the data showed. */
  llamadas: number;
  ms: number;
  /** Their paths (method + pathname), in order. */
  rutas: string[];
  /** When the screen was asked for (this process's `performance.now()`). */
  inicio: number;
}

/** Records every /api request of the page with the moment it started. */
export function registrarLlamadas(page: Page) {
  const vistas: { t: number; ruta: string }[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) vistas.push({ t: performance.now(), ruta: `${r.method()} ${u.pathname}` });
  });
  return {
    /** The calls started at or after `desde` (and before `hasta`, when given). */
    entre: (desde: number, hasta = Number.POSITIVE_INFINITY) =>
      vistas.filter((v) => v.t >= desde && v.t < hasta).map((v) => v.ruta),
  };
}

export type Llamadas = ReturnType<typeof registrarLlamadas>;

/**
 * Stamps every element the page inserts with the moment it was inserted (epoch ms), so a measure reads when its data
 * reached the page instead of when Playwright's polling (every 500 ms after the first checks) noticed it. Call before
 * the pages to measure load; the stamp survives navigations (an init script).
 */
export async function registrarInserciones(page: Page): Promise<void> {
  // No named function inside: tsx would wrap it in a helper the page does not have (`__name`).
  await page.addInitScript(() => {
    new MutationObserver((registros) => {
      const t = performance.timeOrigin + performance.now();
      for (const r of registros)
        for (const n of r.addedNodes) {
          const e = n as unknown as { __faroT?: number; nodeType: number };
          if (e.nodeType === 1 && e.__faroT === undefined) e.__faroT = t;
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When the element reached the page (epoch ms): its own stamp or the nearest stamped ancestor's; else undefined. */
function insertadoEn(datos: Locator): Promise<number | undefined> {
  return datos
    .evaluate((el) => {
      let n: Node | null = el;
      while (n && (n as unknown as { __faroT?: number }).__faroT === undefined) n = n.parentNode;
      return n ? (n as unknown as { __faroT: number }).__faroT : undefined;
    })
    .catch(() => undefined);
}

/**
 * Opens a screen (`abrir`: a goto, a click…) and waits for `datos` (its first data row or figure); the calls counted
 * are those started between the request for the screen and the data showing. The time is up to the data's insertion
 * when the page was stamped (`registrarInserciones`), else up to the moment Playwright saw it.
 */
export async function medirPantalla(
  page: Page,
  llamadas: Llamadas,
  pantalla: string,
  abrir: () => Promise<unknown>,
  datos: (page: Page) => Locator,
  timeout = 60_000,
): Promise<Medida> {
  const t0 = performance.now();
  await abrir();
  await datos(page).first().waitFor({ state: 'visible', timeout });
  const t1 = performance.now();
  const rutas = llamadas.entre(t0, t1);
  const insertado = await insertadoEn(datos(page).first());
  const desde = performance.timeOrigin + t0;
  const ms =
    insertado !== undefined && insertado >= desde && insertado <= performance.timeOrigin + t1
      ? insertado - desde
      : t1 - t0;
  return { pantalla, llamadas: rutas.length, ms, rutas, inicio: t0 };
}

/** The measures as a console table (the journeys print it; the bench prints its own percentiles). */
export function imprimirMedidas(titulo: string, medidas: readonly Medida[]): void {
  console.log(`\n${titulo}`);
  console.table(
    medidas.map((m) => ({
      pantalla: m.pantalla,
      'llamadas /api antes de los datos': m.llamadas,
      ms: Math.round(m.ms),
    })),
  );
}

/** Where a full page load's time went, in ms from the navigation's start (the browser's performance timeline). */
export interface Desglose {
  /** The HTML received. */
  html: number;
  /** The company context call (start, end), when the page asked for it. */
  contexto?: [number, number];
  /** The first data call of the screen (neither the session's nor a lookup): start, end. */
  datos?: [number, number];
  /** Its path. */
  ruta?: string;
  /** The main thread's long tasks (over 50 ms) until the data showed, when recorded: their count and total ms. */
  tareasLargas?: { n: number; ms: number };
}

/**
 * Records the main thread's long tasks of every page load (`desglose` sums them): when they fill the time after the
 * calls have answered, the screen waits for the browser's work (scripts, layout), not for the network.
 */
export async function registrarTareasLargas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __faroTareasLargas: number[] };
    w.__faroTareasLargas = [];
    new PerformanceObserver((lista) => {
      for (const e of lista.getEntries()) w.__faroTareasLargas.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The breakdown of the page's last load, read from its performance timeline once the data shows. */
export function desglose(page: Page): Promise<Desglose> {
  // No named function inside: tsx would wrap it in a helper the page does not have (`__name`).
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) =>
      new URL(r.name).pathname.startsWith('/api/'),
    );
    const contexto = api.find((r) => new URL(r.name).pathname === '/api/usuarios/usuario/infoempre');
    const datos = api.find((r) => !/^\/api\/(usuarios\/|listas$)/.test(new URL(r.name).pathname));
    const tareas = (window as unknown as { __faroTareasLargas?: number[] }).__faroTareasLargas;
    return {
      tareasLargas: tareas ? { n: tareas.length, ms: Math.round(tareas.reduce((a, b) => a + b, 0)) } : undefined,
      html: Math.round(nav?.responseEnd ?? 0),
      contexto: contexto
        ? ([Math.round(contexto.startTime), Math.round(contexto.responseEnd)] as [number, number])
        : undefined,
      datos: datos ? ([Math.round(datos.startTime), Math.round(datos.responseEnd)] as [number, number]) : undefined,
      ruta: datos ? new URL(datos.name).pathname : undefined,
    };
  });
}

/** The breakdown as one line: HTML, context call, first data call and the data shown. */
export function textoDesglose(d: Desglose, visibles: number): string {
  const tramo = (t?: [number, number]) => (t ? `${t[0]}→${t[1]}` : '-');
  const tareas = d.tareasLargas ? ` · ${d.tareasLargas.n} tareas largas ${d.tareasLargas.ms} ms` : '';
  return `HTML ${d.html} · contexto ${tramo(d.contexto)} · datos ${tramo(d.datos)} ${d.ruta ?? ''} · visibles ${Math.round(visibles)} ms${tareas}`;
}
