import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { esConexionPerdida } from './conexionPerdida.ts';
import { type Database, openDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embeddedPostgres.ts';
import { carpetaTemporalPostgres, sinPostgresIntegrado } from './postgresIntegrado.testkit.ts';
import { isAlive, readPid, sleep, stopPostmasterByPid } from './postgresProcess.ts';
import { contadorFallos, esperaAntesDe } from './vigilanciaPostmaster.ts';

/**
 * The watch on the embedded postmaster (ADR 0003): a postmaster killed with SIGKILL while the app runs is
 * started again on the same folder, PostgreSQL's crash recovery replays the WAL and every acknowledged row is there;
 * the pool's broken connections are dropped and the next queries connect afresh; too many failures in a row make
 * the owner give up (the app then exits non-zero for its service manager).
 */
const base = carpetaTemporalPostgres('faro-vigilado-');
const sinPostgres = sinPostgresIntegrado(base, 'Vigilancia del PostgreSQL integrado');
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `query` until it answers (returns the answer and how long it took), asserting every failure is a lost connection. */
async function hastaQueResponda<T>(query: () => Promise<T>, ms = 60_000): Promise<{ valor: T; ms: number }> {
  const t0 = performance.now();
  for (;;) {
    try {
      return { valor: await query(), ms: performance.now() - t0 };
    } catch (error) {
      expect(esConexionPerdida(error), `not a lost connection: ${(error as Error).message}`).toBe(true);
      if (performance.now() - t0 > ms) throw error;
      await sleep(50);
    }
  }
}

/**
 * Kills the folder's postmaster with SIGKILL and waits (up to `ms`) until the watch has a new one up (a backend of
 * the dead one may still answer for a moment meanwhile); returns the killed pid.
 */
async function matarPostmaster(dataDir: string, avisos: string[], ms = 30_000): Promise<number> {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const antes = readPid(pidFile);
  expect(isAlive(antes)).toBe(true);
  process.kill(antes, 'SIGKILL');
  for (const end = Date.now() + ms; readPid(pidFile) === antes || !isAlive(readPid(pidFile)); ) {
    expect(Date.now(), `no new postmaster: ${avisos.join('\n')}`).toBeLessThan(end);
    await sleep(20);
  }
  return antes;
}

/** The acknowledged rows once the database answers again after its postmaster died. */
async function acusesTrasLaCaida(database: Database): Promise<number> {
  const { valor } = await hastaQueResponda(() =>
    database.query<{ n: number }>('select count(*)::int as n from acuses'),
  );
  return valor[0]!.n;
}

describe('restart policy', () => {
  it('backs off and counts failures within a sliding window', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(esperaAntesDe)).toEqual([100, 500, 1000, 2000, 4000, 5000, 5000]);
    let t = 0;
    const c = contadorFallos(60_000, () => t);
    expect(c.anotar()).toBe(1);
    t = 30_000;
    expect(c.anotar()).toBe(2);
    t = 61_000;
    expect(c.anotar()).toBe(2); // the first one left the window
  });

  it('tells lost connections from other errors', () => {
    expect(
      esConexionPerdida(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      esConexionPerdida(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(
      esConexionPerdida(Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' })),
    ).toBe(true);
    expect(esConexionPerdida(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(esConexionPerdida(new Error('boom'))).toBe(false);
  });
});

describe.skipIf(Boolean(sinPostgres))('a postmaster killed while the app runs', () => {
  it('is started again on the same folder: acknowledged rows are there, the pool reconnects', async () => {
    const dataDir = path.join(base, 'data');
    const avisos: string[] = [];
    const database = await openDatabase({ dataDir, newFolder: 'auto', say: () => {} });
    const errorAntes = console.error;
    console.error = (m: string) => avisos.push(String(m));
    try {
      expect(database.embedded).toBeDefined();
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      await database.query('create table acuses (n int primary key)');
      // Acknowledged: each insert returned after its commit.
      for (let i = 1; i <= 50; i++) await database.query('insert into acuses values ($1)', [i]);
      // Connections held by the pool (idle) when the postmaster dies: they must be dropped, not reused.
      await Promise.all(Array.from({ length: 5 }, () => database.query('select pg_sleep(0.05)')));

      for (const vez of [1, 2]) {
        const t0 = performance.now();
        await matarPostmaster(dataDir, avisos, 60_000);
        expect(await acusesTrasLaCaida(database)).toBe(49 + vez);
        const ms = performance.now() - t0;
        console.log(`postmaster killed (${vez}): queries answer again after ${Math.round(ms)} ms`);
        await database.query('insert into acuses values ($1)', [50 + vez]);
      }
      expect(avisos.filter((a) => a.includes('terminó inesperadamente (señal SIGKILL)'))).toHaveLength(2);
      expect(avisos.filter((a) => a.includes('vuelve a estar en marcha'))).toHaveLength(2);
      const postmaster = readPid(pidFile);
      await database.close();
      expect(isAlive(postmaster), 'close() stops the restarted postmaster').toBe(false);
      await sleep(300);
      expect(avisos.filter((a) => a.includes('terminó inesperadamente'))).toHaveLength(2); // a stop is no crash
    } finally {
      console.error = errorAntes;
    }
  }, 180_000);

  it('a backend busy in a long query does not keep the postmaster from starting again (its leftovers are killed)', async () => {
    const dataDir = path.join(base, 'data');
    const avisos: string[] = [];
    const errorAntes = console.error;
    console.error = (m: string) => avisos.push(String(m));
    const database = await openDatabase({ dataDir, say: () => {} });
    const larga = new pg.Client({ connectionString: database.url });
    larga.on('error', () => {});
    try {
      await larga.connect();
      const [{ pid: backend }] = (await larga.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
        { pid: number },
      ];
      // Pure computation: it never looks at the postmaster's death, and would run for minutes.
      const consulta = larga.query('select count(*) from generate_series(1, 20000000000)').catch(() => 'cortada');
      await sleep(300);
      const t0 = performance.now();
      await matarPostmaster(dataDir, avisos);
      expect(await acusesTrasLaCaida(database)).toBe(52);
      console.log(
        `postmaster killed under a long query: queries answer again after ${Math.round(performance.now() - t0)} ms`,
      );
      expect(isAlive(backend), 'the orphaned backend was killed').toBe(false);
      expect(avisos.some((a) => /se detienen \d+ procesos de PostgreSQL que quedaron del anterior/.test(a))).toBe(true);
      expect(await consulta).toBe('cortada');
    } finally {
      console.error = errorAntes;
      await larga.end().catch(() => {});
      await database.close();
    }
  }, 180_000);

  it('an adopted postmaster (left by a Faro killed with SIGKILL) is watched by its pid and started again', async () => {
    const dataDir = path.join(base, 'data');
    const script = path.join(base, 'muere.mts');
    const modulo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'database.ts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(modulo)};
await openDatabase({ dataDir: process.argv[2], say: () => {} });
process.kill(process.pid, 'SIGKILL');
`,
    );
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { stdio: 'ignore' });
      child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error('did not die'))));
    });
    const avisos: string[] = [];
    const errorAntes = console.error;
    console.error = (m: string) => avisos.push(String(m));
    const database = await openDatabase({ dataDir, say: () => {} });
    try {
      expect(database.embedded?.adopted).toBe(true);
      const antes = await matarPostmaster(dataDir, avisos);
      expect(await acusesTrasLaCaida(database)).toBe(52);
      expect(avisos.some((a) => a.includes(`terminó inesperadamente (pid ${antes})`))).toBe(true);
    } finally {
      console.error = errorAntes;
      const postmaster = readPid(path.join(dataDir, 'pg', 'postmaster.pid'));
      await database.close();
      expect(isAlive(postmaster)).toBe(false);
    }
  }, 180_000);

  it('gives up after too many failures within the window (the app then exits non-zero)', async () => {
    const dataDir = path.join(base, 'data');
    const avisos: string[] = [];
    let rendido = '';
    const server = await startEmbeddedPostgres(dataDir, () => {}, {
      vigilar: { maxFallos: 1, avisar: (m) => avisos.push(m), alRendirse: (m) => (rendido = m) },
    });
    const pidFile = path.join(server.pgdata, 'postmaster.pid');
    try {
      process.kill(readPid(pidFile), 'SIGKILL');
      for (const end = Date.now() + 60_000; !avisos.some((a) => a.includes('vuelve a estar')); ) {
        expect(Date.now()).toBeLessThan(end);
        await sleep(50);
      }
      process.kill(readPid(pidFile), 'SIGKILL');
      for (const end = Date.now() + 30_000; !rendido; ) {
        expect(Date.now()).toBeLessThan(end);
        await sleep(50);
      }
      expect(rendido).toMatch(/ha fallado 2 veces en 60 s y no se vuelve a arrancar; Faro se detiene/);
    } finally {
      await server.stop();
      const pid = readPid(pidFile);
      if (isAlive(pid)) await stopPostmasterByPid(pid, pidFile);
    }
  }, 180_000);
});
