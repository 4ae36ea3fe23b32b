/**
 * Soak run (`npm run bench -- soak`): a mixed office day against the production server, loopback only,
 * bounded (it stops by itself). 200 simulated users (FARO_SOAK_USUARIOS) of company DEMO, each signed in with its own
 * session and client address, pick an action, wait a human pause (0.5–3 s) and go again, for 10 minutes
 * (FARO_SOAK_MINUTOS): invoice and customer lists, a customer search, the audit list, opening and saving a customer,
 * issuing a draft invoice, an invoice PDF, a customer export to XLSX, the company info. Prints p50/p95/p99 and errors
 * per route (target: 0 errors) and the resident memory of the server at the start and at the end (flat is the
 * target). PostgreSQL (throwaway cluster) when its binaries exist, else PGlite; FARO_SOAK_PROCESOS=N runs the server
 * on N processes (PostgreSQL only). A request unanswered after 15 s counts as an error ('no answer').
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';
import { mib, ms, num, printTable } from './format.ts';
import { request, stats } from './load.ts';
import { csrfHeaders, liveChildren, login, rssOf, spawnServer } from './serverBench.ts';
import { ids, insertDrafts } from './ventas.ts';

const MINUTES = Number(process.env.FARO_SOAK_MINUTOS ?? 10) || 10;
const USERS = Number(process.env.FARO_SOAK_USUARIOS ?? 200) || 200;
const PROCESSES = Number(process.env.FARO_SOAK_PROCESOS ?? 1) || 1;
const DRAFTS = 4_000;

interface World {
  empresaId: number;
  drafts: number[];
  issued: number[];
  customers: number[];
}

/** What an office user does, with its weight in the day. */
interface Action {
  name: string;
  weight: number;
  run(u: User, w: World): Promise<number | null>;
}

interface User {
  headers: Record<string, string>;
}

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
let agent: http.Agent;
let base = '';
const samples = new Map<string, { ms: number[]; errors: number; statuses: Record<string, number> }>();

/** One request, recorded under `name`; the parsed body when it is JSON. */
async function call(name: string, u: User, method: string, url: string, body?: unknown): Promise<unknown> {
  const s = samples.get(name) ?? { ms: [], errors: 0, statuses: {} };
  samples.set(name, s);
  try {
    const r = await request(base, method, url, { headers: u.headers, body, agent });
    s.ms.push(r.ms);
    s.statuses[r.status] = (s.statuses[r.status] ?? 0) + 1;
    if (r.status >= 400) {
      s.errors++;
      if (s.errors <= 3) console.log(`  ! ${name}: ${r.status} ${r.body.slice(0, 200)}`);
      return undefined;
    }
    return r.headers['content-type']?.includes('json') ? JSON.parse(r.body) : undefined;
  } catch (error) {
    s.errors++;
    s.statuses['no answer'] = (s.statuses['no answer'] ?? 0) + 1;
    if (s.errors <= 3) console.log(`  ! ${name}: ${error instanceof Error ? error.message : error}`);
    return undefined;
  }
}

const ACTIONS: Action[] = [
  {
    name: 'GET fventa/list (page of 50)',
    weight: 25,
    run: async (u) =>
      call(
        'GET fventa/list (page of 50)',
        u,
        'GET',
        `/api/ventas/fventa/list?Pagina=${1 + Math.floor(Math.random() * 3)}&TotalPagina=50`,
      ).then(() => 0),
  },
  {
    name: 'GET clientes/list',
    weight: 12,
    run: async (u) => call('GET clientes/list', u, 'GET', '/api/ventas/clientes/list?TotalPagina=50').then(() => 0),
  },
  {
    name: 'GET clientes/list (search)',
    weight: 6,
    run: async (u) => {
      const q = encodeURIComponent(JSON.stringify({ Buscar: pick(['ferr', 'sl', 'garc', 'mad', 'ía']) }));
      await call('GET clientes/list (search)', u, 'GET', `/api/ventas/clientes/list?TotalPagina=50&Filtros=${q}`);
      return 0;
    },
  },
  {
    name: 'GET auditoria/list',
    weight: 5,
    run: async (u) =>
      call('GET auditoria/list', u, 'GET', '/api/usuarios/auditoria/list?Pagina=1&TotalPagina=50').then(() => 0),
  },
  {
    name: 'GET usuario/infoempre',
    weight: 10,
    run: async (u) => call('GET usuario/infoempre', u, 'GET', '/api/usuarios/usuario/infoempre').then(() => 0),
  },
  {
    name: 'edit a customer (edit + PUT save)',
    weight: 12,
    run: async (u, w) => {
      const id = pick(w.customers);
      const row = (await call('GET clientes/edit/:id', u, 'GET', `/api/ventas/clientes/edit/${id}`)) as
        | Record<string, unknown>
        | undefined;
      if (row) await call('PUT clientes/save/:id', u, 'PUT', `/api/ventas/clientes/save/${id}`, row);
      return 0;
    },
  },
  {
    name: 'POST fventa/emitir/:id',
    weight: 10,
    run: async (u, w) => {
      const id = w.drafts.pop();
      if (id === undefined) return null;
      const done = await call('POST fventa/emitir/:id', u, 'POST', `/api/ventas/fventa/emitir/${id}`, {});
      if (done) w.issued.push(id);
      return 0;
    },
  },
  {
    name: 'GET fventa/pdf/:id',
    weight: 8,
    run: async (u, w) => call('GET fventa/pdf/:id', u, 'GET', `/api/ventas/fventa/pdf/${pick(w.issued)}`).then(() => 0),
  },
  {
    name: 'GET clientes/export (xlsx)',
    weight: 2,
    run: async (u) =>
      call('GET clientes/export (xlsx)', u, 'GET', '/api/ventas/clientes/export?Formato=xlsx').then(() => 0),
  },
];
const TOTAL_WEIGHT = ACTIONS.reduce((a, x) => a + x.weight, 0);
function chooseAction(): Action {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const a of ACTIONS) {
    r -= a.weight;
    if (r < 0) return a;
  }
  return ACTIONS[0]!;
}

/** Resident memory of a process and all its descendants (the cluster's workers), from /proc. */
function treeRss(pid: number): number {
  let total = rssOf(pid) ?? 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      if (child) total += treeRss(Number(child));
    }
  } catch {}
  return total;
}

/** Migrated, seeded, with DRAFTS draft invoices (bench/ventas.ts's: three lines, dated today) ready to issue. */
async function prepare(database: Database): Promise<World> {
  await migrateDatabase(database);
  await seedDemoOnce(database.db);
  const d = await ids(database);
  const empresaId = d.empresaId;
  const drafts = await insertDrafts(database, d, DRAFTS);
  const issued = (
    await database.query<{ id: number }>(
      `select id from documentos_venta where empresa_id = $1 and tipo = 'factura' and numero is not null
       order by id desc limit 500`,
      [empresaId],
    )
  ).map((r) => Number(r.id));
  const customers = (
    await database.query<{ id: number }>('select id from clientes where empresa_id = $1 order by id limit 300', [
      empresaId,
    ])
  ).map((r) => Number(r.id));
  await database.query('ANALYZE');
  // Issued last would be drawn first: shuffle so the users issue in no particular order (numbers stay gapless).
  drafts.sort(() => Math.random() - 0.5);
  return { empresaId, drafts, issued, customers };
}

/** The soak run; resolves to the process exit code. */
export async function runSoak(): Promise<number> {
  const started = performance.now();
  const work = mkdtempSync(path.join(tmpdir(), 'faro-soak-'));
  const stops: (() => Promise<void>)[] = [async () => rmSync(work, { recursive: true, force: true })];
  const watchdog = setTimeout(
    () => {
      console.log('!!! The soak went over its time: stopping.');
      for (const child of liveChildren) child.kill('SIGKILL');
      process.exit(2);
    },
    (MINUTES + 8) * 60_000,
  );
  watchdog.unref();
  try {
    console.log(`Faro soak · ${USERS} users · ${MINUTES} min · loopback · Node ${process.version}`);
    let target: { databaseUrl?: string; dataDir?: string };
    let engine = 'PostgreSQL';
    try {
      const cluster = await startPostgresCluster();
      stops.push(cluster.stop);
      target = { databaseUrl: cluster.url };
    } catch (error) {
      if (!(error instanceof PostgresBinariesMissing)) throw error;
      engine = 'PGlite';
      target = { dataDir: path.join(work, 'data') };
      console.log('!!! PostgreSQL binaries not found: the soak runs on PGlite (one process).');
    }
    const processes = engine === 'PGlite' ? 1 : PROCESSES;
    const database = await openDatabase(target);
    let world: World;
    try {
      world = await prepare(database);
    } finally {
      await database.close();
    }
    console.log(
      `· ${engine}: migrated, demo seeded, ${world.drafts.length} drafts ready (${num((performance.now() - started) / 1000, 1)} s)`,
    );
    const server = await spawnServer(target.dataDir ?? path.join(work, 'sin-uso'), {
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      FARO_PROCESOS: String(processes),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(work, 'sin-web'),
    });
    stops.push(server.stop);
    base = server.base;
    agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
    console.log(`· server on ${base} (${processes} process${processes > 1 ? 'es' : ''}); signing in ${USERS} users`);
    const csrf = await csrfHeaders(base);
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const r = await login(base, 'demo');
      if (!r.token) throw new Error(`sign-in ${i + 1} answered ${r.status}`);
      users.push({ headers: { ...csrf, authorization: `Bearer ${r.token}` } });
    }
    const rssStart = treeRss(server.child.pid!);
    const loadStart = loadavg()[0]!;
    console.log(`· ${USERS} sessions; the day starts (RSS ${mib(rssStart)})`);
    const t0 = performance.now();
    const deadline = t0 + MINUTES * 60_000;
    const rssSeries: number[] = [rssStart];
    const sampler = setInterval(() => {
      rssSeries.push(treeRss(server.child.pid!));
      const done = [...samples.values()].reduce((a, s) => a + s.ms.length, 0);
      const errors = [...samples.values()].reduce((a, s) => a + s.errors, 0);
      console.log(
        `  ${num((performance.now() - t0) / 60_000, 1)} min · ${done} requests · ${errors} errors · RSS ${mib(rssSeries.at(-1))}`,
      );
    }, 30_000);
    await Promise.all(
      users.map(async (u, i) => {
        await sleep((i * 3000) / USERS); // arrivals spread over the first 3 s
        while (performance.now() < deadline) {
          let action = chooseAction();
          if ((await action.run(u, world)) === null) action = ACTIONS[0]!; // no drafts left: a list instead
          await sleep(500 + Math.random() * 2500);
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - t0) / 1000;
    const rssEnd = treeRss(server.child.pid!);
    report(seconds, rssStart, rssEnd, rssSeries, processes, engine);
    // The figures mean little on a machine busy with other work: say how busy it was.
    console.log(
      `Machine load average (1 min): ${num(loadStart, 1)} at the start, ${num(loadavg()[0], 1)} at the end (2 cores: above 2 the server waits for CPU).`,
    );
    agent.destroy();
    return 0;
  } catch (error) {
    console.log(`!!! The soak stopped on an error: ${error instanceof Error ? error.stack : error}`);
    return 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    clearTimeout(watchdog);
  }
}

function report(
  seconds: number,
  rssStart: number,
  rssEnd: number,
  series: number[],
  processes: number,
  engine: string,
): void {
  const rows = [...samples.entries()].map(([name, s]) => {
    const st = stats(s.ms);
    const statuses = Object.entries(s.statuses)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
    return [name, String(st.n), ms(st.p50), ms(st.p95), ms(st.p99), String(s.errors), statuses];
  });
  const all = [...samples.values()];
  const total = all.reduce((a, s) => a + s.ms.length, 0);
  const errors = all.reduce((a, s) => a + s.errors, 0);
  const everything = stats(all.flatMap((s) => s.ms));
  rows.push([
    'all requests',
    String(total),
    ms(everything.p50),
    ms(everything.p95),
    ms(everything.p99),
    String(errors),
    `${num(total / seconds, 1)} req/s`,
  ]);
  printTable(
    `Soak: ${USERS} users, ${num(seconds / 60, 1)} min, ${engine}, ${processes} server process${processes > 1 ? 'es' : ''} (pause 0.5–3 s between actions)`,
    ['route', 'requests', 'p50', 'p95', 'p99', 'errors (target 0)', 'statuses'],
    rows,
  );
  printTable(
    'Soak: server memory (RSS of the server and its workers; target: flat)',
    ['measure', 'value'],
    [
      ['RSS at the start of the day', mib(rssStart)],
      ['RSS at the end', mib(rssEnd)],
      ['change', `${rssEnd >= rssStart ? '+' : ''}${mib(rssEnd - rssStart)}`],
      ['highest sample (every 30 s)', mib(Math.max(...series, rssEnd))],
    ],
  );
}
