/**
 * The bare reference of the benches that set a Faro route beside "the same SQL and nothing else": Fastify with two
 * routes over the same driver and a pool sized like Faro's (`openDatabase`: node-postgres, `FARO_PG_CONEXIONES`, 10 by
 * default, the same row parser and prepared statements), and nothing else: no guard, no hooks, no ORM, no cache.
 *   GET  /lista   the case's page SQL and capped count SQL at once (two connections of the pool, as the list runs
 *                 them); the case is set before its load with POST /caso { page: [sql, params], count: [sql, params] }.
 *   POST /emitir  one transaction: the counter row taken FOR UPDATE, the document and its 3 lines inserted, the
 *                 counter moved on. Tables of its own (`ref_emision_*`): Faro's series and numbers are never touched.
 *                 Issuers queue on that row as Faro's issuers queue on their series' counter: the floor of an issue.
 * On PostgreSQL it runs as its own process (`iniciarReferencia` spawns this file), so neither the bench's event loop
 * nor the measured server's slows it down: a reference slower than what it measures means nothing. On PGlite (one
 * connection inside the process that opened it, which is how Faro runs on PGlite too) the same routes run in the
 * bench's process. Listens on 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { filas } from './kit.ts';
import { type MultiResult, runInProcess } from './load.ts';

/** One list case: the page query and the capped count query, each with its parameters. */
export interface CasoLista {
  page: [string, unknown[]];
  count: [string, unknown[]];
}

export interface Referencia {
  base: string;
  /** Where it runs: its own process (PostgreSQL) or the bench's (PGlite). */
  donde: string;
  fijarCaso: (caso: CasoLista) => Promise<void>;
  detener: () => Promise<void>;
}

/** The reference's issuing tables (idempotent; created by the bench before the reference starts). */
export async function prepararEmision(database: Database): Promise<void> {
  await database.query(
    'create table if not exists ref_emision_contador (serie int primary key, siguiente int not null)',
  );
  await database.query('insert into ref_emision_contador values (1, 1) on conflict do nothing');
  await database.query(
    `create table if not exists ref_emision_documento (id bigserial primary key, serie int not null,
       numero int not null, fecha date not null default current_date, total numeric(14,2) not null, desglose jsonb,
       unique (serie, numero))`,
  );
  await database.query(
    `create table if not exists ref_emision_linea (documento bigint not null, orden int not null,
       descripcion text not null, cantidad numeric(14,3) not null, precio numeric(14,4) not null,
       primary key (documento, orden))`,
  );
}

const DESGLOSE = JSON.stringify([{ Base: '100.00', Cuota: '21.00', TipoIva: 'IVA21', PorcentajeIva: '21.00' }]);

/** The bare issue: BEGIN; the counter row FOR UPDATE; document + 3 lines + counter in one statement; COMMIT. */
export async function emisionDesnuda(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const [contador] = filas(
      await tx.execute(sql`select siguiente from ref_emision_contador where serie = 1 for update`),
    );
    const numero = Number(contador?.siguiente ?? 1);
    await tx.execute(
      sql`with d as (insert into ref_emision_documento (serie, numero, total, desglose)
                     values (1, ${numero}, 121, ${DESGLOSE}::jsonb) returning id),
               c as (update ref_emision_contador set siguiente = siguiente + 1 where serie = 1)
          insert into ref_emision_linea (documento, orden, descripcion, cantidad, precio)
          select d.id, o, 'Servicio de montaje ' || o, o, 25 from d cross join generate_series(1, 3) o`,
    );
    return numero;
  });
}

/** The bare list: the page and the capped count at once, the count shown up to 10,000 as the list does. */
export async function listaDesnuda(database: Database, caso: CasoLista) {
  const [items, [count]] = await Promise.all([
    database.query(...caso.page),
    database.query<{ n: number }>(...caso.count),
  ]);
  return { Items: items, Total: Math.min(Number(count?.n ?? 0), 10_000) };
}

/** The same work with no HTTP at all, `concurrency` at a time on the bench's pool: the raw SQL's limit. */
export function limiteSql(concurrency: number, seconds: number, fn: () => Promise<unknown>): Promise<MultiResult> {
  const items = Array.from({ length: 1_000_000 }, (_, i) => i);
  return runInProcess(items, concurrency, seconds, async () => {
    await fn();
  });
}

function appReferencia(database: Database): FastifyInstance {
  let caso: CasoLista | undefined;
  const app = Fastify();
  app.post<{ Body: CasoLista }>('/caso', async (req) => {
    caso = req.body;
    return { ok: true };
  });
  app.get('/lista', async (_req, reply) => (caso ? listaDesnuda(database, caso) : reply.code(409).send()));
  app.post('/emitir', async () => ({ Numero: await emisionDesnuda(database) }));
  return app;
}

const direccion = (app: FastifyInstance) => {
  const a = app.server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
};

/** Children still running, killed if the bench exits without stopping them. */
const vivos = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of vivos) child.kill('SIGKILL');
});

/** Starts the reference for `database`: its own process on PostgreSQL, the bench's process on PGlite. */
export async function iniciarReferencia(database: Database): Promise<Referencia> {
  await prepararEmision(database);
  if (database.kind === 'postgres' && database.url) return procesoPropio(database.url);
  const app = appReferencia(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = direccion(app);
  return {
    base,
    donde: 'in the bench process (PGlite)',
    fijarCaso: (caso) => enviarCaso(base, caso),
    detener: () => app.close(),
  };
}

async function enviarCaso(base: string, caso: CasoLista): Promise<void> {
  const res = await fetch(new URL('/caso', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(caso),
  });
  if (!res.ok) throw new Error(`reference /caso: ${res.status}`);
}

async function procesoPropio(url: string): Promise<Referencia> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, FARO_REFERENCIA_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  vivos.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => vivos.delete(child));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the reference process did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the reference process exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { base: string }).base);
    });
  });
  return {
    base,
    donde: `own process (pid ${child.pid})`,
    fijarCaso: (caso) => enviarCaso(base, caso),
    detener: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// The child: `FARO_REFERENCIA_URL=… node --import tsx bench/referencia.ts` prints {"base": …} once it listens.
if (import.meta.url === `file://${process.argv[1]}` && process.env.FARO_REFERENCIA_URL) {
  const database = await openDatabase({ databaseUrl: process.env.FARO_REFERENCIA_URL });
  const app = appReferencia(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ base: direccion(app) })}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
