/**
 * SCREENS (`node --import tsx bench/pantallas.ts [baseUrl]`, also called by bench/run.ts): the office's key screens
 * opened in headless Chromium against the real server with DEMO's data, each loaded several times as a person opens
 * a link (a full page load with the session kept): the /api calls started before its first data row or figure is
 * visible and the time to that moment, p50/p95 per screen; and, on the first load, every call the page starts
 * within a few seconds (the background lookups included) and, with FARO_BENCH_PANTALLAS_DETALLE, where its time
 * went (HTML received, the company context call, the screen's first data call, the data shown, the main thread's
 * long tasks; `e2e/tiempos.ts`).
 * Prints figures, asserts nothing; stops what it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { ensureWebBuild, startServer } from '../e2e/harness.ts';
import {
  desglose,
  type Llamadas,
  type Medida,
  medirPantalla,
  registrarInserciones,
  registrarLlamadas,
  registrarTareasLargas,
  textoDesglose,
} from '../e2e/tiempos.ts';
import { serveWebBuild } from '../e2e/webServer.ts';
import { ms, printTable } from './format.ts';
import { stats } from './load.ts';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** Loads per screen (the first one also counts the calls after the data). */
const CARGAS = Number(process.env.FARO_BENCH_CARGAS ?? 5);
/** How long after the data the first load keeps counting calls (background lookups start ~1.5 s after the shell). */
const DESPUES_MS = 3_000;
const TARGET_MS = 1_000;
const MAX_LLAMADAS = 5;

interface Pantalla {
  nombre: string;
  usuario: 'propietario' | 'asesor';
  /** Opens the screen from a loaded page (a full load unless said otherwise). */
  abrir: (page: Page) => Promise<unknown>;
  datos: (page: Page) => Locator;
}

const filas = (page: Page) => page.locator('tbody tr');
/** A full load with the session kept; the page is emptied first so no call of the previous screen counts here. */
const ir = (ruta: string) => async (page: Page) => {
  await page.goto('about:blank');
  return page.goto(ruta, { waitUntil: 'commit' });
};

/** A screen of `usuario` opened by a full load of `ruta`; its data, the rows of its table unless `datos` says. */
const pantalla = (
  nombre: string,
  ruta: string,
  datos: Pantalla['datos'] = filas,
  usuario: Pantalla['usuario'] = 'propietario',
): Pantalla => ({ nombre, usuario, abrir: ir(ruta), datos });

export const PANTALLAS: Pantalla[] = [
  pantalla('Inicio (panel)', '/', (p) => p.locator('[data-testid^="panel-"][data-testid$="-valor"]')),
  pantalla('Facturas de venta', '/fventa/lista'),
  pantalla('Facturas y gastos', '/fcompra/lista'),
  pantalla('Libro de emitidas', '/factemitidas/lista'),
  pantalla('Libro de recibidas', '/factrecibidas/lista'),
  pantalla('Modelo 303', '/modtributarios/lista', (p) =>
    p.getByRole('table', { name: 'IVA devengado · Régimen general' }).locator('tbody tr'),
  ),
  // Opened by its link, as the fiscal calendar and the work queue open it (switching the model on the 303's screen is
  // an interaction, and its time would be Playwright's clicks and their waits).
  pantalla('Modelo 347', '/modtributarios/lista?Modelo=347', (p) =>
    p.getByRole('table', { name: 'Declarados' }).locator('tbody tr'),
  ),
  pantalla('Cuentas y saldos', '/movstesoreria/lista?pestana=cuentas', (p) =>
    p.getByTestId('saldos').locator('.mantine-Card-root'),
  ),
  pantalla('Conciliación (extractos)', '/movstesoreria/lista?pestana=extractos'),
  pantalla('Remesas', '/remesas/lista'),
  pantalla('Clientes', '/clientes/lista'),
  pantalla('Productos', '/productos/lista'),
  pantalla('Cola de trabajo (asesor)', '/aseempresas/lista', (p) => p.getByRole('article'), 'asesor'),
];

const USUARIOS = {
  propietario: { usuario: 'demo', empresa: 'DEMO' },
  asesor: { usuario: 'asesoria', empresa: 'ASESORIA' },
} as const;

async function entrar(page: Page, quien: keyof typeof USUARIOS): Promise<void> {
  const { usuario, empresa } = USUARIOS[quien];
  await page.goto(`/registro/${empresa}`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`/registro/${empresa}`);
  await page.getByLabel('Usuario', { exact: false }).first().fill(usuario);
  await page.getByLabel('Contraseña', { exact: false }).first().fill('Demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
}

export interface FilaPantalla {
  pantalla: string;
  cargas: number;
  llamadasAntes: number;
  llamadasAntesMax: number;
  llamadasPrimeraCarga: number;
  p50: number;
  p95: number;
  rutas: string[];
  rutasPrimeraCarga: string[];
  /** Where the first load's time went (HTML, context, data call, data shown). */
  desglose?: string;
  error?: string;
}

async function medirUna(page: Page, llamadas: Llamadas, p: Pantalla): Promise<FilaPantalla> {
  const medidas: Medida[] = [];
  let primera: string[] = [];
  let tiempos: string | undefined;
  for (let i = 0; i < CARGAS; i++) {
    const m = await medirPantalla(page, llamadas, p.nombre, () => p.abrir(page), p.datos);
    medidas.push(m);
    if (i === 0) {
      const desde = m.inicio;
      tiempos = textoDesglose(await desglose(page), m.ms);
      await page.waitForTimeout(DESPUES_MS);
      primera = llamadas.entre(desde);
    }
  }
  const s = stats(medidas.map((m) => m.ms));
  return {
    pantalla: p.nombre,
    cargas: medidas.length,
    llamadasAntes: medidas[medidas.length - 1]!.llamadas,
    llamadasAntesMax: Math.max(...medidas.map((m) => m.llamadas)),
    llamadasPrimeraCarga: primera.length,
    p50: s.p50,
    p95: s.p95,
    rutas: medidas[medidas.length - 1]!.rutas,
    rutasPrimeraCarga: primera,
    desglose: tiempos,
  };
}

/** Every screen of PANTALLAS measured in one browser profile per user. */
export async function medirPantallas(baseUrl: string): Promise<FilaPantalla[]> {
  const filasTabla: FilaPantalla[] = [];
  for (const quien of Object.keys(USUARIOS) as (keyof typeof USUARIOS)[]) {
    const profile = mkdtempSync(path.join(tmpdir(), 'faro-bench-pantallas-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      viewport: { width: 1366, height: 768 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const llamadas = registrarLlamadas(page);
      await registrarInserciones(page);
      if (process.env.FARO_BENCH_PANTALLAS_DETALLE) await registrarTareasLargas(page);
      await entrar(page, quien);
      for (const p of PANTALLAS.filter((x) => x.usuario === quien)) {
        try {
          filasTabla.push(await medirUna(page, llamadas, p));
        } catch (error) {
          const texto = error instanceof Error ? error.message.split('\n')[0]! : String(error);
          filasTabla.push({
            pantalla: p.nombre,
            cargas: 0,
            llamadasAntes: 0,
            llamadasAntesMax: 0,
            llamadasPrimeraCarga: 0,
            p50: Number.NaN,
            p95: Number.NaN,
            rutas: [],
            rutasPrimeraCarga: [],
            error: texto,
          });
        }
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return filasTabla;
}

export function imprimirPantallas(filasTabla: readonly FilaPantalla[]): void {
  printTable(
    `SCREENS: full page loads with the session kept, ${CARGAS} per screen (targets: <= ${MAX_LLAMADAS} calls before data, p95 <= ${TARGET_MS} ms)`,
    ['screen', 'calls before data (max)', 'calls in first load + 3 s', 'time to data p50', 'p95', 'note'],
    filasTabla.map((f) => [
      f.pantalla,
      f.error ? '-' : `${f.llamadasAntes} (${f.llamadasAntesMax})`,
      f.error ? '-' : f.llamadasPrimeraCarga,
      ms(f.p50),
      ms(f.p95),
      f.error ??
        [f.llamadasAntesMax > MAX_LLAMADAS ? 'CALLS' : '', f.p95 > TARGET_MS ? 'SLOW' : ''].filter(Boolean).join(' '),
    ]),
  );
  if (process.env.FARO_BENCH_PANTALLAS_DETALLE) {
    for (const f of filasTabla) {
      console.log(`\n  ${f.pantalla}: first load: ${f.desglose ?? '-'}`);
      console.log(`  ${f.pantalla}: before data\n    ${f.rutas.join('\n    ')}`);
      console.log(`  ${f.pantalla}: first load + ${DESPUES_MS / 1000} s\n    ${f.rutasPrimeraCarga.join('\n    ')}`);
    }
  }
}

/** The SCREENS section: its own server (DEMO seeded on a fresh folder) unless `baseUrl` names a running one. */
export async function benchPantallas(baseUrl?: string): Promise<FilaPantalla[]> {
  ensureWebBuild();
  const stops: (() => Promise<void>)[] = [];
  try {
    let front = baseUrl?.replace(/\/$/, '');
    if (!front) {
      const server = await startServer().catch(async () => {
        const api = await startServer({ WEB_DIST: path.join(tmpdir(), 'faro-sin-web') });
        const web = await serveWebBuild(DIST, api.url);
        const stop = async () => {
          await web.close();
          await api.stop();
        };
        return { url: web.url, stop };
      });
      stops.push(server.stop);
      front = server.url;
    }
    const filasTabla = await medirPantallas(front);
    imprimirPantallas(filasTabla);
    return filasTabla;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchPantallas(process.argv[2]);
}
