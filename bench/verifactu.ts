/**
 * VeriFactu figures (issue 6), for `bench/run.ts` to call: `await benchVerifactu()`. Prints, asserts nothing, stays
 * in process (no network), stops what it starts.
 *   - Issuing an invoice (`emitirFactura` in one transaction, as the route does) with VeriFactu on (the chained
 *     registro de alta: chain head locked FOR UPDATE, record + queue row inserted) and off, for company DEMO.
 *   - One issuer in a loop: p50/p95 per invoice; then 8 concurrent issuers: invoices/s.
 *   - PGlite in a temp folder, then PostgreSQL in a throwaway cluster when the binaries are there.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crearDocumento, preparar } from '../apps/server/src/modules/ventas/documentos/documentosRepository.ts';
import { emitirFactura } from '../apps/server/src/modules/ventas/documentos/emitir.ts';
import { verificarEmpresa } from '../apps/server/src/modules/ventas/verifactu/verifactuRoutes.ts';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope, type Scope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { stats } from './load.ts';

export const SECUENCIAL = 200;
// Today in Madrid: DEMO's year of sales runs up to yesterday and numbers follow dates, so a fixed day would be refused
// ("La fecha es anterior a la del último número de la serie") once the calendar passes it.
export const HOY_MADRID = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
export const CONCURRENTES = 8;
export const POR_ISSUER = 40;

interface Medida {
  modo: string;
  p50: number;
  p95: number;
  porSegundo: number;
}

/** The company's door over the bench database. */
const puerta = (database: Database, empresaId: number): Scope =>
  companyScope(database.db, { empresaId, personaId: null, userName: 'bench' });

async function borradores(database: Database, empresaId: number, cliente: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await puerta(database, empresaId).tx(async (tx) => {
      const prep = await preparar(tx, {
        Cliente: cliente,
        Fecha: HOY_MADRID,
        Lineas: [
          { Descripcion: `Artículo ${i}`, Cantidad: '2', Precio: '10.50', TipoIva: 'IVA21' },
          { Descripcion: 'Tornillería', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
        ],
      } as never);
      return crearDocumento(tx, 'factura', prep, null);
    });
    ids.push(id);
  }
  return ids;
}

const emitir = (database: Database, empresaId: number, id: number) =>
  puerta(database, empresaId).tx((t) => emitirFactura(t, id));

/** One issuer over SECUENCIAL drafts (p50/p95), then CONCURRENTES issuers (invoices per second). */
export async function medir(database: Database, empresaId: number, cliente: number, modo: string): Promise<Medida> {
  const uno = await borradores(database, empresaId, cliente, SECUENCIAL);
  const tiempos: number[] = [];
  for (const id of uno) {
    const t0 = performance.now();
    await emitir(database, empresaId, id);
    tiempos.push(performance.now() - t0);
  }
  const lote = await borradores(database, empresaId, cliente, CONCURRENTES * POR_ISSUER);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENTES }, async (_, k) => {
      for (let i = 0; i < POR_ISSUER; i++) await emitir(database, empresaId, lote[k * POR_ISSUER + i]!);
    }),
  );
  const segundos = (performance.now() - t0) / 1000;
  const s = stats(tiempos);
  return { modo, p50: s.p50, p95: s.p95, porSegundo: lote.length / segundos };
}

async function benchEngine(nombre: string, abrir: () => Promise<Database>): Promise<Cell[][]> {
  const database = await abrir();
  try {
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
    const [e] = await database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    const empresaId = Number(e!.id);
    const [c] = await database.query<{ id: number }>(
      'select id from clientes where empresa_id = $1 and nif is not null order by id limit 1',
      [empresaId],
    );
    const cliente = Number(c!.id);
    const filas: Cell[][] = [];
    for (const modo of ['off', 'on'] as const) {
      await database.query('update empresas set tipo_factura_electronica = $1 where id = $2', [
        modo === 'on' ? 'verifactu' : '',
        empresaId,
      ]);
      const m = await medir(database, empresaId, cliente, modo);
      filas.push([nombre, `VeriFactu ${modo}`, ms(m.p50), ms(m.p95), `${num(m.porSegundo, 0)} facturas/s`]);
    }
    const t0 = performance.now();
    const cadena = await verificarEmpresa(puerta(database, empresaId));
    filas.push([
      nombre,
      `verificarCadena (${cadena.Registros} registros, ${cadena.Valida ? 'válida' : 'ROTA'})`,
      ms(performance.now() - t0),
      '',
      '',
    ]);
    return filas;
  } finally {
    await database.close();
  }
}

/** Runs `enMotor` on a fresh PGlite, then on a throwaway PostgreSQL cluster when its binaries are there. */
export async function enAmbosMotores(
  prefijo: string,
  enMotor: (nombre: string, abrir: () => Promise<Database>) => Promise<Cell[][]>,
): Promise<Cell[][]> {
  const work = mkdtempSync(path.join(tmpdir(), prefijo));
  const filas: Cell[][] = [];
  try {
    filas.push(...(await enMotor('PGlite', () => openDatabase({ dataDir: path.join(work, 'pglite') }))));
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      const why = error instanceof PostgresBinariesMissing ? 'binaries not found' : String(error);
      filas.push(['PostgreSQL', `skipped: ${why}`, '', '', '']);
    }
    if (cluster) {
      try {
        const url = cluster.url;
        filas.push(...(await enMotor('PostgreSQL', () => openDatabase({ databaseUrl: url }))));
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return filas;
}

export async function benchVerifactu(): Promise<void> {
  const filas = await enAmbosMotores('faro-bench-vf-', benchEngine);
  printTable(
    `Issuing invoices of DEMO (1 issuer × ${SECUENCIAL}: p50/p95; ${CONCURRENTES} issuers × ${POR_ISSUER}: throughput)`,
    ['engine', 'mode', 'p50', 'p95', 'throughput'],
    filas,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchVerifactu();
  process.exit(0);
}
