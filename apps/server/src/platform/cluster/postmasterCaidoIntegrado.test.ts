import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPAWN_CSRF, spawnServer } from '../../../test/serverProcess.ts';
import { BASE_NO_DISPONIBLE } from '../db/conexionPerdida.ts';
import { plantillaEnPostgresIntegrado } from '../db/postgresIntegrado.testkit.ts';
import { isAlive, readPid } from '../db/postgresProcess.ts';
import { carpetaIntegrada } from './postgresIntegrado.testkit.ts';

/**
 * The data folder's postmaster killed (kill -9) under the running app (ADR 0003), in one process and under
 * the FARO_PROCESOS supervisor: the owner starts it again on the same folder, the requests meanwhile get the Spanish
 * 503 (never a 500, never a hang), and within seconds the app answers again with what it had acknowledged.
 */
const integrado = carpetaIntegrada('faro-caida-pg-', 'Caída del PostgreSQL integrado');

async function pedir(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${integrado.server!.base}${url}`, {
    method,
    headers: {
      cookie: SPAWN_CSRF.cookie,
      'x-xsrf-token': SPAWN_CSRF.header,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000), // a request that hangs fails the test
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const serie = (Codigo: string) => ({
  Codigo,
  Descripcion: `Serie de la caída ${Codigo}`,
  TipoDocumento: 'factura',
  Prefijo: `${Codigo}-`,
  ReinicioAnual: true,
});

/** Logs in, saves a series (acknowledged), kills the postmaster, and polls until the series list answers again. */
async function caidaYVuelta(codigo: string): Promise<void> {
  const entrada = await fetch(`${integrado.server!.base}/api/usuarios/registro/login`, {
    method: 'POST',
    headers: { cookie: SPAWN_CSRF.cookie, 'x-xsrf-token': SPAWN_CSRF.header, 'content-type': 'application/json' },
    body: JSON.stringify({ Usuario: 'demo', Password: 'Demo1234', IdCliente: 'pruebas-de-caida' }),
  });
  const token = ((await entrada.json()) as { Token: string }).Token;
  const guardada = await pedir('POST', '/api/configuracion/series/save', token, serie(codigo));
  expect(guardada.status, JSON.stringify(guardada.body)).toBe(201);

  const antes = readPid(integrado.pidFile);
  const t0 = performance.now();
  process.kill(antes, 'SIGKILL');
  const estados = new Map<number, number>();
  for (;;) {
    expect(performance.now() - t0, `sin respuesta:\n${integrado.server!.output()}`).toBeLessThan(60_000);
    const r = await pedir('GET', '/api/configuracion/series/list?TotalPagina=100', token).catch((error: Error) => {
      throw new Error(`${error.message} (${String(error.cause)}):\n${integrado.server!.output().slice(-4000)}`);
    });
    estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
    expect([200, 503], JSON.stringify(r.body)).toContain(r.status);
    if (r.status === 503) expect(r.body.Mensaje).toBe(BASE_NO_DISPONIBLE);
    const nuevo = readPid(integrado.pidFile);
    if (r.status === 200 && nuevo !== antes && isAlive(nuevo)) {
      expect(r.body.Items.map((s: { Codigo: string }) => s.Codigo)).toContain(codigo);
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  console.log(
    `${codigo}: postmaster killed, the app answers again after ${Math.round(ms)} ms (${[...estados].map(([s, n]) => `${n}×${s}`).join(', ')}; load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    integrado
      .server!.output()
      .split('\n')
      .filter((l) => l.startsWith('Faro: PostgreSQL'))
      .join('\n'),
  );
  if (process.env.FARO_CAIDA_LOG)
    console.log(readFileSync(path.join(integrado.dataDir, 'postgres.log'), 'utf8').split('\n').slice(-25).join('\n'));
  const despues = await pedir('POST', '/api/configuracion/series/save', token, serie(`${codigo}B`));
  expect(despues.status, JSON.stringify(despues.body)).toBe(201);
  expect(integrado.server!.output()).toContain('terminó inesperadamente (señal SIGKILL)');
  expect(integrado.server!.output()).toContain('PostgreSQL vuelve a estar en marcha');
}

describe.skipIf(Boolean(integrado.sinPostgres))('the embedded postmaster killed under the running app', () => {
  beforeAll(async () => {
    await plantillaEnPostgresIntegrado(integrado.dataDir);
  }, 240_000);

  it('one process: restarted on the same folder, 503 meanwhile, the acknowledged series there', async () => {
    // The background jobs and the VeriFactu worker on as in production: their failures during the gap must not end
    // the process.
    integrado.server = await spawnServer(
      { dataDir: integrado.dataDir },
      { FARO_PROCESOS: '1', FARO_TRABAJOS: '1', FARO_VERIFACTU_WORKER: '1' },
      150_000,
    );
    await caidaYVuelta('KA');
    const child = integrado.server.child;
    const ended = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const postmaster = readPid(integrado.pidFile);
    child.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(isAlive(postmaster), 'the restarted postmaster is stopped with the app').toBe(false);
    integrado.server = undefined;
  }, 400_000);

  it('FARO_PROCESOS=2: the supervisor restarts it, the workers reconnect', async () => {
    integrado.server = await spawnServer(
      { dataDir: integrado.dataDir },
      { FARO_PROCESOS: '2', LOG_LEVEL: 'info' },
      150_000,
    );
    for (const end = Date.now() + 150_000; !integrado.server.output().includes('2 procesos listos'); ) {
      expect(Date.now(), integrado.server.output()).toBeLessThan(end);
      await new Promise((r) => setTimeout(r, 50));
    }
    await caidaYVuelta('KB');
    const child = integrado.server.child;
    const ended = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const postmaster = readPid(integrado.pidFile);
    child.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(isAlive(postmaster), 'the restarted postmaster is stopped with the supervisor').toBe(false);
    integrado.server = undefined;
  }, 400_000);
});
