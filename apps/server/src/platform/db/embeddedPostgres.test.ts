import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { chooseMotor, MARKER, prepararCarpetaNueva, readMarker } from './embeddedPostgres.ts';
import { carpetaTemporalPostgres, sinPostgresIntegrado } from './postgresIntegrado.testkit.ts';
import { hydrateSymlinks, isAlive, readPid } from './postgresProcess.ts';

/**
 * The durable embedded default (ADR 0003): the data folder's own PostgreSQL, started from the npm binaries (as
 * "postgres" when the tests run as root), stopped by close(), adopted after the app was killed; and the engine
 * choice by the folder's marker.
 */
const base = carpetaTemporalPostgres('faro-motor-');
const sinPostgres = sinPostgresIntegrado(base, 'PostgreSQL integrado');
const motorAntes = process.env.FARO_MOTOR;

afterEach(() => {
  if (motorAntes === undefined) delete process.env.FARO_MOTOR;
  else process.env.FARO_MOTOR = motorAntes;
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Opens the folder in another Node process, writes a row, and dies by SIGKILL without stopping anything. */
function appMuertaA(dataDir: string): Promise<void> {
  const script = path.join(base, 'muere.mts');
  const database = path.join(path.dirname(fileURLToPath(import.meta.url)), 'database.ts');
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(database)};
const d = await openDatabase({ dataDir: process.argv[2], say: () => {} });
await d.query("insert into notas_motor values ('antes del kill')");
process.kill(process.pid, 'SIGKILL');
`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`the app did not die by SIGKILL: ${err}`)),
    );
  });
}

describe.skipIf(Boolean(sinPostgres))('embedded PostgreSQL', () => {
  it('a new folder gets PostgreSQL (loopback, fsync on), survives a stop, and a postmaster left by a killed app is adopted', async () => {
    const dataDir = path.join(base, 'data');
    expect(prepararCarpetaNueva(dataDir)).toBe('postgres');
    expect(readMarker(dataDir)).toBe('postgres');

    const primera = await openDatabase({ dataDir, say: () => {} });
    expect(primera.kind).toBe('postgres');
    expect(primera.embedded?.adopted).toBe(false);
    const port = primera.embedded!.port;
    const ajustes = await primera.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'listen_addresses', 'full_page_writes')`,
    );
    expect(Object.fromEntries(ajustes.map((a) => [a.name, a.setting]))).toEqual({
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      listen_addresses: '127.0.0.1',
    });
    expect(JSON.parse(readFileSync(path.join(dataDir, 'faro-postgres.json'), 'utf8')).port).toBe(port);
    expect(existsSync(path.join(dataDir, 'pg', `.s.PGSQL.${port}`))).toBe(true);
    await primera.query('create table notas_motor (texto text)');
    await primera.query(`insert into notas_motor values ('primera')`);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmaster = readPid(pidFile);
    await primera.close();
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);

    // The app dies by SIGKILL: its postmaster (detached) keeps running, and the next start adopts it.
    await appMuertaA(dataDir);
    const huerfano = readPid(pidFile);
    expect(isAlive(huerfano)).toBe(true);
    const adoptada = await openDatabase({ dataDir, say: () => {} });
    expect(adoptada.embedded?.adopted).toBe(true);
    expect(readPid(pidFile)).toBe(huerfano);
    expect(
      (await adoptada.query<{ texto: string }>('select texto from notas_motor order by 1')).map((r) => r.texto),
    ).toEqual(['antes del kill', 'primera']);
    await adoptada.close();
    expect(isAlive(huerfano)).toBe(false);

    // A normal start again: a new postmaster, the same data.
    const otra = await openDatabase({ dataDir, say: () => {} });
    expect(otra.embedded?.adopted).toBe(false);
    expect((await otra.query<{ n: number }>('select count(*)::int as n from notas_motor'))[0]!.n).toBe(2);
    await otra.close();
  }, 180_000);
});

describe('engine choice by the folder marker', () => {
  const carpeta = (nombre: string, ficheros: Record<string, string> = {}) => {
    const dir = path.join(base, nombre);
    mkdirSync(dir, { recursive: true });
    for (const [f, v] of Object.entries(ficheros)) writeFileSync(path.join(dir, f), v);
    return dir;
  };
  const avisos: string[] = [];
  const warn = (m: string) => avisos.push(m);

  it('a PGlite folder (marked, or older than the marker) stays PGlite; FARO_MOTOR=postgres on it says how to move', () => {
    const marcada = carpeta('pglite-marcada', { [MARKER]: 'pglite\n', PG_VERSION: '17' });
    expect(chooseMotor(marcada, 'auto', warn)).toBe('pglite');
    const antigua = carpeta('pglite-antigua', { PG_VERSION: '17' });
    expect(prepararCarpetaNueva(antigua, warn)).toBe('pglite');
    expect(readMarker(antigua)).toBe('pglite');
    process.env.FARO_MOTOR = 'postgres';
    expect(() => chooseMotor(antigua, 'auto', warn)).toThrow(/es de PGlite.*npm run backup.*npm run restore/);
    expect(avisos).toEqual([]);
  });

  it('FARO_MOTOR=pglite keeps a new folder on PGlite (nothing written), a bad value is refused in Spanish', () => {
    process.env.FARO_MOTOR = 'pglite';
    const nueva = path.join(base, 'nueva-pglite');
    expect(prepararCarpetaNueva(nueva, warn)).toBe('pglite');
    expect(existsSync(nueva)).toBe(false);
    process.env.FARO_MOTOR = 'mysql';
    expect(() => chooseMotor(nueva, 'auto', warn)).toThrow(/FARO_MOTOR=mysql no es válido/);
  });

  it('a PostgreSQL folder refuses FARO_MOTOR=pglite and a folder with foreign files is refused', () => {
    const pg = carpeta('pg-marcada', { [MARKER]: 'postgres\n' });
    process.env.FARO_MOTOR = 'pglite';
    expect(() => chooseMotor(pg, 'auto', warn)).toThrow(/es de PostgreSQL/);
    delete process.env.FARO_MOTOR;
    expect(() => chooseMotor(carpeta('ajena', { 'notas.txt': 'x' }), 'auto', warn)).toThrow(/no son de Faro/);
  });
});

describe('library symlinks of the binaries package (npm 11 skips its postinstall)', () => {
  it('are recreated from native/pg-symlinks.json, relative, idempotently, and a wrong one is fixed', () => {
    const pkg = path.join(base, 'paquete');
    mkdirSync(path.join(pkg, 'native', 'lib'), { recursive: true });
    writeFileSync(path.join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'elf');
    writeFileSync(
      path.join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      ]),
    );
    symlinkSync('no-existe', path.join(pkg, 'native', 'lib', 'libpq.so'));
    hydrateSymlinks(pkg);
    hydrateSymlinks(pkg);
    for (const l of ['libpq.so.5', 'libpq.so']) {
      expect(readlinkSync(path.join(pkg, 'native', 'lib', l))).toBe('libpq.so.5.18');
      expect(readFileSync(path.join(pkg, 'native', 'lib', l), 'utf8')).toBe('elf');
    }
  });
});
