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
 * Opens a screen (`abrir`: a goto, a click…) and waits for `datos` (its first data row or figure); the calls counted
 * are those started between the request for the screen and the data showing.
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
  return { pantalla, llamadas: rutas.length, ms: t1 - t0, rutas };
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
