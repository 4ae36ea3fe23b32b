import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshHttp, spawnServer } from '../../../test/serverProcess.ts';
import { ACCOUNT_FREE_FAILURES } from '../auth/loginLimits.ts';
import { ACCOUNT_LOCKED, LOCK_AFTER_FAILURES, LOGIN_FAILED, TOO_MANY } from '../auth/sessionRoutes.ts';
import { plantillaEnPostgresIntegrado } from '../db/postgresIntegrado.testkit.ts';
import { isAlive, readPid } from '../db/postgresProcess.ts';
import { carpetaIntegrada } from './postgresIntegrado.testkit.ts';

/**
 * `FARO_PROCESOS=2` on a data folder's own PostgreSQL (ADR 0003), as `npm start` runs it without
 * DATABASE_URL: the supervisor starts the folder's postmaster once and hands its loopback URL to two workers. A
 * sign-in lock and a sign-in back-off set through one worker hold on the other, a session revoked through one is
 * refused by the other (both had its context cached), a killed worker is replaced while the postmaster stays, a copy
 * on demand (`npm run backup`'s SIGUSR2) is taken by the supervisor, and stopping the supervisor stops the postmaster
 * after the workers: no PostgreSQL process is left.
 */
const integrado = carpetaIntegrada('faro-procesos-pg-', 'FARO_PROCESOS sobre el PostgreSQL integrado');

/** A fresh connection per request, so the cluster hands each one to the next worker. */
const fresh = (method: string, url: string, body?: unknown, token?: string) =>
  freshHttp(integrado.server!.base, method, url, body, token);

const login = (Usuario: string, Password: string) =>
  fresh('POST', '/api/usuarios/registro/login', { Usuario, Password, IdCliente: 'cliente-de-pruebas' });

/** The worker pids in the server's JSON log lines from `desde` (a length of the output) that contain `texto`. */
function pids(desde: number, texto: string): number[] {
  return integrado
    .server!.output()
    .slice(desde)
    .split('\n')
    .filter((l) => l.includes(texto))
    .map((l) => Number(/"pid":(\d+)/.exec(l)?.[1]))
    .filter((p) => p > 0);
}

async function until(what: string, ok: () => boolean, ms = 150_000) {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error(`${what}:\n${integrado.server?.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Live processes whose parent is `pid` (a postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(Boolean(integrado.sinPostgres))('FARO_PROCESOS=2 on the embedded PostgreSQL of a data folder', () => {
  it('shares throttles, locks and sessions across the workers, outlives a worker, and stops the postmaster last', async () => {
    await plantillaEnPostgresIntegrado(integrado.dataDir);
    expect(isAlive(readPid(integrado.pidFile)), 'the move stopped its postmaster').toBe(false);

    integrado.server = await spawnServer(
      { dataDir: integrado.dataDir },
      { FARO_PROCESOS: '2', LOG_LEVEL: 'info' },
      150_000, // three processes load the TypeScript sources at once on a busy machine
    );
    await until('los dos procesos no arrancaron', () => integrado.server!.output().includes('2 procesos listos'));
    const postmaster = readPid(integrado.pidFile);
    expect(isAlive(postmaster), 'the supervisor started the folder’s postmaster').toBe(true);
    // The workers got the folder's loopback URL: they hold no lock on the folder, the supervisor does.
    expect(Number(readFileSync(path.join(integrado.dataDir, 'faro.lock'), 'utf8'))).toBe(integrado.server.child.pid);
    const settings = JSON.parse(readFileSync(path.join(integrado.dataDir, 'faro-postgres.json'), 'utf8'));
    const db = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/faro`,
    });
    await db.connect();
    try {
      const workers = [...new Set(pids(0, '"pid":'))];
      expect(workers, 'two worker pids in the log').toHaveLength(2);

      // A worker that dies is replaced; the postmaster stays up meanwhile.
      process.kill(workers[0]!, 'SIGKILL');
      await until(
        'el supervisor no arrancó otro proceso',
        () => integrado.server!.output().split('2 procesos listos').length > 2,
      );
      expect(readPid(integrado.pidFile)).toBe(postmaster);
      expect(isAlive(postmaster)).toBe(true);

      // Sign-in LOCK: the 10th failure in a row, made through one worker, locks the account on both.
      await db.query(
        "update personas set fallos_login = $1, ultimo_fallo = now() - interval '1 hour' where user_name = 'empleado'",
        [LOCK_AFTER_FAILURES - 1],
      );
      let desde = integrado.server.output().length;
      expect(await login('empleado', 'Incorrecta1')).toMatchObject({ status: 400, body: { Mensaje: LOGIN_FAILED } });
      await until('falta la línea del fallo', () => pids(desde, '"bloqueo":true').length > 0, 10_000);
      const [bloqueo] = pids(desde, '"bloqueo":true');
      desde = integrado.server.output().length;
      for (let i = 0; i < 4; i++) {
        // The right password: refused by both workers.
        expect(await login('empleado', 'Demo1234'), `intento ${i}`).toMatchObject({
          status: 429,
          body: { Mensaje: ACCOUNT_LOCKED },
        });
      }
      const otrosLock = pids(desde, '/api/usuarios/registro/login').filter((p) => p !== bloqueo);
      expect(otrosLock.length, 'the other worker refused the locked account too').toBeGreaterThan(0);

      // Sign-in BACK-OFF: one more failure through one worker makes the next attempts wait on both (no lock yet).
      await db.query(
        "update personas set fallos_login = $1, ultimo_fallo = now() - interval '1 hour' where user_name = 'fichaje'",
        [LOCK_AFTER_FAILURES - 2], // → LOCK_AFTER_FAILURES - 1 failures: a 64 s wait
      );
      desde = integrado.server.output().length;
      expect(await login('fichaje', 'Incorrecta1')).toMatchObject({ status: 400, body: { Mensaje: LOGIN_FAILED } });
      await until('falta la línea del fallo', () => pids(desde, '"userName":"fichaje"').length > 0, 10_000);
      const [fallo] = pids(desde, '"userName":"fichaje"');
      desde = integrado.server.output().length;
      for (let i = 0; i < 4; i++) {
        const r = await login('fichaje', 'Demo1234');
        expect(r, `intento ${i}`).toMatchObject({ status: 429, body: { Mensaje: TOO_MANY } });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(
          2 ** (LOCK_AFTER_FAILURES - 1 - ACCOUNT_FREE_FAILURES) / 2,
        );
      }
      expect(
        pids(desde, '/api/usuarios/registro/login').filter((p) => p !== fallo).length,
        'the other worker made the account wait too',
      ).toBeGreaterThan(0);

      // SESSION: used on both workers (each keeps its context), logged out through one, refused by both.
      const entrada = await login('demo', 'Demo1234');
      expect(entrada.status, JSON.stringify(entrada.body)).toBe(200);
      const token = entrada.body!.Token!;
      const lista = '/api/ventas/clientes/list';
      desde = integrado.server.output().length;
      for (let i = 0; i < 4; i++) expect((await fresh('GET', lista, undefined, token)).status).toBe(200);
      expect(new Set(pids(desde, lista)).size, 'both workers served the session').toBe(2);
      desde = integrado.server.output().length;
      expect((await fresh('POST', '/api/usuarios/usuario/logout', undefined, token)).status).toBe(204);
      const [salida] = pids(desde, '/api/usuarios/usuario/logout');
      desde = integrado.server.output().length;
      for (let i = 0; i < 4; i++)
        expect((await fresh('GET', lista, undefined, token)).status, `petición ${i}`).toBe(401);
      expect(
        pids(desde, lista).filter((p) => p !== salida).length,
        'the worker that did not log out refused the session',
      ).toBeGreaterThan(0);
    } finally {
      await db.end();
    }

    // `npm run backup` signals the folder lock's pid (the supervisor): the copy is taken there, nobody dies.
    process.kill(integrado.server.child.pid!, 'SIGUSR2');
    await until(
      'no se hizo la copia a petición',
      () => integrado.server!.output().includes('Copia de seguridad (a petición)'),
      60_000,
    );
    expect(
      readdirSync(path.join(integrado.base, 'copias')).filter((f) => f.endsWith('.pgdata.tar.gz.sha256')),
    ).toHaveLength(1);
    expect(isAlive(integrado.server.child.pid!)).toBe(true);

    // SIGTERM to the supervisor: the workers end, then the postmaster (pg_ctl stop -m fast), then the supervisor.
    const backends = childrenOf(postmaster);
    expect(backends.length, 'the postmaster has its helper processes').toBeGreaterThan(0);
    const child = integrado.server.child;
    const ended = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(isAlive(postmaster), 'the postmaster stopped').toBe(false);
    expect(existsSync(integrado.pidFile), 'a clean shutdown removes postmaster.pid').toBe(false);
    expect([...backends].filter(isAlive), 'no PostgreSQL process left').toEqual([]);
    expect(existsSync(path.join(integrado.dataDir, 'faro.lock')), 'the folder lock released').toBe(false);
    integrado.server = undefined;
  }, 400_000);
});
