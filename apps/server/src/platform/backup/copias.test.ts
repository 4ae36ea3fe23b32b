import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { withDatabase } from '../../../test/templateSetup.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { verificarEmpresa } from '../../modules/ventas/verifactu/verifactuRoutes.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { readMarker } from '../db/embeddedPostgres.ts';
import { carpetaTemporalPostgres, sinPostgresIntegrado } from '../db/postgresIntegrado.testkit.ts';
import { companyScope } from '../tenancy/scope.ts';
import { crearCopia, podarCopias, restaurarCopia, verificarCopia } from './copias.ts';
import { pasarPgliteAPostgres } from './pasoAPostgres.ts';
import { TAR_CHUNK } from './tar.ts';

/**
 * A copy taken while 16 clients issue invoices, restored into an empty folder (PGlite) or an empty database
 * (PostgreSQL, pg_dump/pg_restore): every invoice acknowledged before the copy started is there with its number,
 * and DEMO's VeriFactu chain verifies. The same for the embedded PostgreSQL's physical copy (.pgdata.tar.gz), on a
 * data folder made from the demo template by the PGlite → PostgreSQL move (restore with FARO_MOTOR=postgres).
 */
const FECHA = '2026-07-01';
let t: TestApp;
let s: Session;
const carpeta = mkdtempSync(path.join(tmpdir(), 'faro-copias-'));
const limpiar: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s = await t.login('demo');
}, 60_000);

afterAll(async () => {
  await t?.close();
  for (const f of limpiar) await f().catch(() => {});
  rmSync(carpeta, { recursive: true, force: true });
});

async function abrirRestaurada(fichero: string): Promise<Database> {
  if (t.engine === 'pglite') {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'faro-restaurada-')), 'data');
    await restaurarCopia(fichero, { dataDir });
    const database = await openDatabase({ dataDir });
    limpiar.push(async () => {
      await database.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    });
    return database;
  }
  const url = inject('databaseUrl')!;
  const name = `faro_rest_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  await restaurarCopia(fichero, { databaseUrl: withDatabase(url, name) });
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  limpiar.push(async () => {
    await database.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return database;
}

/** The scenario every kind of copy must pass (PGlite, pg_dump, embedded PostgreSQL). */
async function copiaDuranteLaEmision(
  t: TestApp,
  s: Session,
  abrir: (fichero: string) => Promise<Database>,
  carpeta: string,
): Promise<void> {
  const serie = await crear(s, '/api/configuracion/series/save', {
    Codigo: 'COPIA',
    Descripcion: 'Serie de la prueba de copias',
    TipoDocumento: 'factura',
    Prefijo: 'C-',
    ReinicioAnual: true,
  });
  const clientes = await s.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  const cliente = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF).Id;
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await crear(s, '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: FECHA,
      Serie: serie,
      Lineas: [{ Descripcion: `Copia ${i}`, Cantidad: '1', Precio: String(10 + i), TipoIva: 'IVA21' }],
    });
    ids.push(r);
  }

  // 16 clients issue the 20 drafts; the copy starts once 6 are acknowledged.
  const acuses = new Map<number, string>();
  let copiaEmpezada = false;
  const antesDeLaCopia = new Map<number, string>();
  let empezar!: () => void;
  const ochoAcuses = new Promise<void>((r) => {
    empezar = r;
  });
  const cola = [...ids];
  const cliente16 = async () => {
    for (let id = cola.shift(); id !== undefined; id = cola.shift()) {
      const r = await s.request('POST', `/api/ventas/fventa/emitir/${id}`, {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      acuses.set(id, r.body.NumSerie);
      if (!copiaEmpezada) antesDeLaCopia.set(id, r.body.NumSerie);
      if (acuses.size >= 6) empezar();
    }
  };
  const emisores = Array.from({ length: 16 }, cliente16);
  await ochoAcuses;
  copiaEmpezada = true;
  const copia = await crearCopia(t.database, carpeta);
  await Promise.all(emisores);

  expect(antesDeLaCopia.size).toBeGreaterThanOrEqual(6);
  expect(copia.bytes).toBeGreaterThan(0);
  expect(existsSync(`${copia.fichero}.sha256`)).toBe(true);
  verificarCopia(copia.fichero);

  const restaurada = await abrir(copia.fichero);
  const filas = await restaurada.query<{ id: number; num_serie: string; estado: string }>(
    'select id::int as id, num_serie, estado from documentos_venta where id = any($1::int[])',
    [[...antesDeLaCopia.keys()]],
  );
  expect(new Map(filas.map((f) => [f.id, f.num_serie]))).toEqual(antesDeLaCopia);
  const [demo] = await restaurada.query<{ id: number }>(`select id::int as id from empresas where codigo = 'DEMO'`);
  const cadena = await verificarEmpresa(
    companyScope(restaurada.db, { empresaId: demo!.id, personaId: null, userName: 'copia' }),
  );
  expect(cadena.Valida, JSON.stringify(cadena)).toBe(true);
  // The series has no gap: whatever was issued when the copy was taken is numbered 1..n.
  const numeros = (
    await restaurada.query<{ numero: number }>(
      'select numero from documentos_venta where id_serie = $1 and numero is not null order by numero',
      [serie],
    )
  ).map((f) => f.numero);
  expect(numeros).toEqual(numeros.map((_, i) => i + 1));
}

describe('backups', () => {
  it('a copy taken during concurrent issuing restores every acknowledged invoice and an intact VeriFactu chain', async () => {
    await copiaDuranteLaEmision(t, s, abrirRestaurada, carpeta);
  }, 120_000);

  it('refuses a damaged copy and a folder that already has data, in Spanish', async () => {
    const copia = await crearCopia(t.database, carpeta, new Date('2026-07-02T10:00:00Z'));
    const lleno = mkdtempSync(path.join(tmpdir(), 'faro-lleno-'));
    writeFileSync(path.join(lleno, 'algo'), 'x');
    limpiar.push(async () => rmSync(lleno, { recursive: true, force: true }));
    if (t.engine === 'pglite') {
      await expect(restaurarCopia(copia.fichero, { dataDir: lleno })).rejects.toThrow(/no está vacía/);
    }
    appendFileSync(copia.fichero, 'x');
    expect(() => verificarCopia(copia.fichero)).toThrow(/está dañada/);
    await expect(restaurarCopia(copia.fichero, { dataDir: path.join(lleno, 'nueva') })).rejects.toThrow(/dañada/);
  }, 60_000);

  it('keeps the newest copies and removes the rest with their checksums', () => {
    const poda = mkdtempSync(path.join(tmpdir(), 'faro-poda-'));
    limpiar.push(async () => rmSync(poda, { recursive: true, force: true }));
    for (const d of ['20260101-000000', '20260102-000000', '20260103-000000']) {
      writeFileSync(path.join(poda, `faro-${d}.pglite.tar.gz`), 'x');
      writeFileSync(path.join(poda, `faro-${d}.pglite.tar.gz.sha256`), 'x');
    }
    expect(podarCopias(poda, 2)).toEqual(['faro-20260101-000000.pglite.tar.gz']);
    expect(readdirSync(poda).sort()).toEqual([
      'faro-20260102-000000.pglite.tar.gz',
      'faro-20260102-000000.pglite.tar.gz.sha256',
      'faro-20260103-000000.pglite.tar.gz',
      'faro-20260103-000000.pglite.tar.gz.sha256',
    ]);
  });

  it("lets the owner leave with the company's data: every company table as JSON and CSV, no secrets, no other company", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/configuracion/empresa/exportacioncompleta',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const ficheros = unzipSync(new Uint8Array(res.rawPayload));
    const leer = (f: string) => JSON.parse(new TextDecoder().decode(ficheros[f]!));
    const empresa = leer('json/empresas.json');
    expect(empresa).toHaveLength(1);
    const ventas: { empresa_id: number | string }[] = leer('json/documentos_venta.json');
    expect(ventas.length).toBeGreaterThan(0);
    expect(new Set(ventas.map((v) => Number(v.empresa_id)))).toEqual(new Set([Number(empresa[0].id)]));
    expect(Object.keys(ficheros)).toContain('csv/clientes.csv');
    const todo = Object.values(ficheros)
      .map((b) => new TextDecoder().decode(b))
      .join('\n');
    expect(todo).not.toMatch(/password_hash|pin_hash|\$argon2/);
    const empleado = await t.login('empleado');
    const negado = await empleado.request('GET', '/api/configuracion/empresa/exportacioncompleta');
    expect(negado.status).toBe(403);
  }, 60_000);
});

// Once (server-pglite project): the embedded engine is the data folder's own server, not the project's database.
const sinPostgres = sinPostgresIntegrado(tmpdir(), 'Copias de PostgreSQL integrado');

describe.skipIf(Boolean(sinPostgres))('backups of the embedded PostgreSQL (.pgdata.tar.gz)', () => {
  const base = carpetaTemporalPostgres('faro-copias-pg-');
  const carpetaPg = path.join(base, 'copias');
  let te: TestApp;
  let se: Session;
  let n = 0;

  beforeAll(async () => {
    // The demo template (PGlite) moved into a new embedded PostgreSQL folder: the road of an existing installation.
    const origen = await openDatabase({
      memory: true,
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    const dataDir = path.join(base, 'data');
    try {
      const paso = await pasarPgliteAPostgres(origen, dataDir, () => {});
      expect(paso.filas).toBeGreaterThan(100);
    } finally {
      await origen.close();
    }
    expect(readMarker(dataDir)).toBe('postgres');
    const database = await openDatabase({ dataDir });
    expect(database.embedded).toBeDefined();
    te = await createTestApp({}, { database, drop: async () => {} });
    se = await te.login('demo');
  }, 240_000);

  afterAll(async () => {
    await te?.close();
    rmSync(base, { recursive: true, force: true });
  }, 60_000);

  async function abrirRestauradaPg(fichero: string): Promise<Database> {
    const dataDir = path.join(base, `restaurada-${++n}`);
    await restaurarCopia(fichero, { dataDir });
    const database = await openDatabase({ dataDir });
    expect(database.embedded?.dataDir).toBe(dataDir);
    limpiar.push(() => database.close());
    return database;
  }

  it('a physical copy taken during concurrent issuing restores every acknowledged invoice and an intact VeriFactu chain', async () => {
    await copiaDuranteLaEmision(te, se, abrirRestauradaPg, carpetaPg);
    expect(readdirSync(carpetaPg).some((f) => f.endsWith('.pgdata.tar.gz'))).toBe(true);
  }, 240_000);

  it('refuses a non-empty folder, a database URL and a damaged copy, in Spanish', async () => {
    const copia = await crearCopia(te.database, carpetaPg, new Date('2026-07-03T10:00:00Z'));
    verificarCopia(copia.fichero);
    await expect(restaurarCopia(copia.fichero, { dataDir: base })).rejects.toThrow(/no está vacía/);
    await expect(restaurarCopia(copia.fichero, { databaseUrl: 'postgres://x@127.0.0.1:1/x' })).rejects.toThrow(
      /restáurala en una carpeta de datos/,
    );
    appendFileSync(copia.fichero, 'x');
    const nueva = path.join(base, 'nueva');
    await expect(restaurarCopia(copia.fichero, { dataDir: nueva })).rejects.toThrow(/dañada/);
    // Checked while streaming into the folder: a damaged copy leaves it empty (restorable into again).
    expect(readdirSync(nueva)).toEqual([]);
  }, 120_000);

  it('a copy of a multi-MB table (many chunks) streams both ways and is restored whole', async () => {
    await te.database.query(
      `create table relleno as select g as n, repeat(md5(g::text), 10) as t from generate_series(1, 40000) g`,
    );
    const [tabla] = await te.database.query<{ bytes: number; h: string }>(
      `select pg_total_relation_size('relleno')::int as bytes, md5(string_agg(t, ',' order by n)) as h from relleno`,
    );
    expect(tabla!.bytes).toBeGreaterThan(40 * TAR_CHUNK);
    const copia = await crearCopia(te.database, carpetaPg, new Date('2026-07-04T10:00:00Z'));
    await te.database.query('drop table relleno');

    // Printed, not asserted: without a collection before each sample the figure includes garbage, and a collection
    // of this worker's whole heap every few ms starves the restore (tar.test.ts asserts the bound on the stream).
    const antes = process.memoryUsage();
    let pico = 0;
    const reloj = setInterval(() => {
      pico = Math.max(pico, process.memoryUsage().arrayBuffers - antes.arrayBuffers);
    }, 5);
    const dataDir = path.join(base, 'restaurada-grande');
    try {
      await restaurarCopia(copia.fichero, { dataDir });
    } finally {
      clearInterval(reloj);
    }
    let tar = 0; // what the whole-buffer restore held at once (gunzipSync of the copy)
    for await (const trozo of createReadStream(copia.fichero).pipe(createGunzip())) tar += (trozo as Buffer).length;
    console.log(
      `restore: copy ${(copia.bytes / 1048576).toFixed(1)} MiB (tar ${(tar / 1048576).toFixed(1)} MiB), table ${(tabla!.bytes / 1048576).toFixed(1)} MiB; peak arrayBuffers growth (garbage included) ${(pico / 1048576).toFixed(1)} MiB`,
    );
    const database = await openDatabase({ dataDir });
    limpiar.push(() => database.close());
    const [restaurada] = await database.query<{ h: string }>(
      `select md5(string_agg(t, ',' order by n)) as h from relleno`,
    );
    expect(restaurada!.h).toBe(tabla!.h);
  }, 240_000);
});
