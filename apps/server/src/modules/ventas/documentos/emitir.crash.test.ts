import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { http, loginHttp, type ServerProcess, spawnServer } from '../../../../test/serverProcess.ts';
import { TEMPLATE_DB, withDatabase } from '../../../../test/templateSetup.ts';
import { openDatabase } from '../../../platform/db/database.ts';

/**
 * `kill -9` of the real server process while it issues invoices: no acknowledged invoice is lost.
 *
 * The server (`node --import tsx src/main.ts`) runs on a fresh PGlite folder (server-pglite) or a fresh database of
 * the throwaway cluster (server-postgres; there only the Faro process dies, PostgreSQL keeps running). Each round
 * creates drafts in one test series, fires every pending issue at once and SIGKILLs the process when the k-th
 * response has arrived; then it restarts the server on the same data and checks: each acknowledged invoice is
 * Emitida with exactly the acknowledged number, the series' numbers are 1..K (no gap, no duplicate), the others are
 * issued (committed before the kill) or still whole drafts, the lines are all there and the VeriFactu chain of DEMO
 * verifies. Three kill moments: after the first response, half-way, near the end.
 */
const ENGINE = process.env.FARO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PASSWORD = 'Demo1234';
const POR_RONDA = 12;
const FECHA = '2026-07-01';
const RONDAS = [
  { momento: 'tras la primera respuesta', matarTras: 1 },
  { momento: 'a mitad', matarTras: 6 },
  { momento: 'casi al final', matarTras: 10 },
];

interface Borrador {
  Id: number;
  Total: string;
  EstadoBorrador: string;
  /** Number acknowledged to the client (HTTP 200 with Numero), if any. */
  acuse?: { Numero: number; NumSerie: string };
}

let server: ServerProcess | undefined;
let folder: string | undefined;
let dropDb: (() => Promise<void>) | undefined;
let target: { dataDir?: string; databaseUrl?: string } = {};
let token = '';
let serieId = 0;
let clienteId = 0;
let registrosAntes = 0;
const borradores: Borrador[] = [];

async function prepareDatabase(): Promise<void> {
  const url = inject('databaseUrl');
  if (ENGINE === 'postgres') {
    if (!url) throw new Error('Falta PostgreSQL para el proyecto server-postgres');
    const name = `faro_caida_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    target = { databaseUrl: withDatabase(url, name) };
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    return;
  }
  // A real PGlite folder holding a copy of the migrated, seeded template.
  folder = mkdtempSync(path.join(os.tmpdir(), 'faro-caida-'));
  const dataDir = path.join(folder, 'data');
  const template = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([template]) });
  await database.close();
  target = { dataDir };
}

async function arrancar(): Promise<void> {
  server = await spawnServer(target);
  token = await loginHttp(server.base, 'demo', PASSWORD);
}

const api = <T = any>(method: string, url: string, body?: unknown) =>
  http<T>(server!.base, method, url, { token, body });

beforeAll(async () => {
  await prepareDatabase();
  await arrancar();
  const serie = await api('POST', '/api/configuracion/series/save', {
    Codigo: 'CAIDA',
    Descripcion: 'Serie de la prueba de caída',
    TipoDocumento: 'factura',
    Prefijo: 'K-',
    ReinicioAnual: true,
  });
  expect(serie.status, JSON.stringify(serie.body)).toBe(201);
  serieId = serie.body.Id;
  const clientes = await api('GET', '/api/ventas/clientes/list?TotalPagina=50');
  clienteId = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF).Id;
  const v = await api('GET', '/api/ventas/fventaverifactu/verificar');
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  expect(v.body.Valida).toBe(true);
  registrosAntes = v.body.Registros;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  if (folder) rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  await dropDb?.();
}, 30_000);

async function crearBorradores(n: number): Promise<Borrador[]> {
  const nuevos: Borrador[] = [];
  for (let i = 0; i < n; i++) {
    const k = borradores.length;
    const res = await api('POST', '/api/ventas/fventa/save', {
      Cliente: clienteId,
      Fecha: FECHA,
      Serie: serieId,
      Lineas: [
        { Descripcion: `Tornillos ${k}`, Cantidad: '2', Precio: String(10 + k), TipoIva: 'IVA21' },
        { Descripcion: `Montaje ${k}`, Cantidad: '1', Precio: '5.50', TipoIva: 'IVA21' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Numero).toBeNull();
    nuevos.push({ Id: res.body.Id, Total: res.body.Total, EstadoBorrador: res.body.Estado });
  }
  borradores.push(...nuevos);
  return nuevos;
}

/** Every pending issue at once; SIGKILL when the `matarTras`-th acknowledgement arrives. */
async function emitirYMatar(pendientes: Borrador[], matarTras: number) {
  let acuses = 0;
  let matado: Promise<void> | undefined;
  const otros: string[] = [];
  await Promise.all(
    pendientes.map(async (b) => {
      try {
        const res = await api('POST', `/api/ventas/fventa/emitir/${b.Id}`, {});
        if (res.status === 200 && typeof res.body?.Numero === 'number') {
          // A response read after the kill was ordered was still sent by the server: it counts as acknowledged.
          b.acuse = { Numero: res.body.Numero, NumSerie: res.body.NumSerie };
          acuses++;
          if (acuses >= matarTras && !matado) matado = server!.kill();
        } else {
          otros.push(`${b.Id}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      } catch {
        // connection reset by the kill: not acknowledged
      }
    }),
  );
  await (matado ?? server!.kill());
  return { acuses, otros };
}

interface Estado {
  Id: number;
  Estado: string;
  Numero: number | null;
  NumSerie: string | null;
  Total: string;
  Lineas: unknown[];
}

/** After a restart: the invariants over every draft created so far. Returns the ids still in draft. */
async function comprobar(contexto: string): Promise<{ emitidas: number; pendientes: Borrador[] }> {
  const estados: Estado[] = [];
  for (const b of borradores) {
    const res = await api<Estado>('GET', `/api/ventas/fventa/edit/${b.Id}`);
    expect(res.status, `${contexto}: ${JSON.stringify(res.body)}`).toBe(200);
    const e = res.body;
    estados.push(e);
    expect(e.Lineas, `${contexto}: líneas de ${b.Id}`).toHaveLength(2);
    expect(e.Total, `${contexto}: total de ${b.Id}`).toBe(b.Total);
    if (b.acuse) {
      expect({ Estado: e.Estado, Numero: e.Numero, NumSerie: e.NumSerie }, `${contexto}: acuse de ${b.Id}`).toEqual({
        Estado: 'Emitida',
        ...b.acuse,
      });
    }
    if (e.Numero !== null) {
      expect(e.Estado, `${contexto}: ${b.Id} tiene número`).toBe('Emitida');
      expect(e.NumSerie).toMatch(/^K-/);
    } else {
      expect({ Estado: e.Estado, NumSerie: e.NumSerie }, `${contexto}: borrador ${b.Id}`).toEqual({
        Estado: b.EstadoBorrador,
        NumSerie: null,
      });
    }
  }
  const numeros = estados
    .map((e) => e.Numero)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
  expect(numeros, `${contexto}: números de la serie`).toEqual(Array.from({ length: numeros.length }, (_, i) => i + 1));
  const v = await api('GET', '/api/ventas/fventaverifactu/verificar');
  expect(v.status).toBe(200);
  expect(v.body.Valida, `${contexto}: cadena VeriFactu ${JSON.stringify(v.body)}`).toBe(true);
  // DEMO keeps a VeriFactu chain: one alta per issued invoice, committed with it or not at all.
  expect(v.body.Registros - registrosAntes, `${contexto}: registros VeriFactu`).toBe(numeros.length);
  return { emitidas: numeros.length, pendientes: borradores.filter((_, i) => estados[i]!.Numero === null) };
}

describe(`kill -9 of the server while issuing (${ENGINE})`, () => {
  it('loses no acknowledged invoice and leaves no gap, duplicate or half-written invoice', async () => {
    const t0 = Date.now();
    let emitidas = 0;
    let quedan: Borrador[] = [];
    for (const ronda of RONDAS) {
      const antes = emitidas;
      const pendientes = [...quedan, ...(await crearBorradores(POR_RONDA))];
      const { acuses, otros } = await emitirYMatar(pendientes, ronda.matarTras);
      expect(otros, `respuestas que no son acuse ni corte (${ronda.momento})`).toEqual([]);
      expect(acuses, `la caída llegó ${ronda.momento}`).toBeGreaterThanOrEqual(ronda.matarTras);
      const t1 = Date.now();
      await arrancar();
      const reinicio = Date.now() - t1;
      ({ emitidas, pendientes: quedan } = await comprobar(`tras matar ${ronda.momento}`));
      const enRonda = emitidas - antes;
      expect(enRonda).toBeGreaterThanOrEqual(acuses);
      console.info(
        `[${ENGINE}] kill -9 ${ronda.momento}: ${pendientes.length} emisiones lanzadas, ${acuses} confirmadas, ${enRonda} emitidas al reiniciar (reinicio ${reinicio} ms)`,
      );
    }
    // The survivors are ordinary drafts: issuing them continues the series with no gap.
    for (const b of quedan) {
      const res = await api('POST', `/api/ventas/fventa/emitir/${b.Id}`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      b.acuse = { Numero: res.body.Numero, NumSerie: res.body.NumSerie };
    }
    expect((await comprobar('al final')).emitidas).toBe(borradores.length);
    console.info(`[${ENGINE}] prueba de caída: ${RONDAS.length} rondas en ${Date.now() - t0} ms`);
  }, 120_000);
});
