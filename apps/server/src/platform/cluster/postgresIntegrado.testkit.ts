import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ServerProcess } from '../../../test/serverProcess.ts';
import { carpetaTemporalPostgres, sinPostgresIntegrado } from '../db/postgresIntegrado.testkit.ts';
import { isAlive, readPid, stopPostmasterByPid } from '../db/postgresProcess.ts';

/** A data folder with its own PostgreSQL under a server process, for one test file. */
export interface CarpetaIntegrada {
  /** Why the embedded PostgreSQL cannot run here (the file's tests are skipped), or undefined. */
  sinPostgres: string | undefined;
  /** The temporary folder: the data folder and the backups' folder are inside. */
  base: string;
  dataDir: string;
  pidFile: string;
  /** The server the tests started on the folder (killed after the file). */
  server: ServerProcess | undefined;
}

/**
 * A fresh data folder (under `prefijo` in the temporary folder) for a file that runs a server on the embedded
 * PostgreSQL. Only the server-pglite project runs it (the folder's engine is chosen by the app, not by the test
 * project); where PostgreSQL's binaries are missing it says loudly what goes untested (`queSinProbar`). After the
 * file, the server and any postmaster left are stopped and the folder removed, so a failed test leaves no process.
 */
export function carpetaIntegrada(prefijo: string, queSinProbar: string): CarpetaIntegrada {
  const sinPostgres = sinPostgresIntegrado(os.tmpdir(), queSinProbar);
  const carpeta: CarpetaIntegrada = { sinPostgres, base: '', dataDir: '', pidFile: '', server: undefined };
  beforeAll(() => {
    carpeta.base = carpetaTemporalPostgres(prefijo);
    carpeta.dataDir = path.join(carpeta.base, 'data');
    carpeta.pidFile = path.join(carpeta.dataDir, 'pg', 'postmaster.pid');
  });
  afterAll(async () => {
    await carpeta.server?.kill();
    const pid = readPid(carpeta.pidFile);
    if (isAlive(pid)) await stopPostmasterByPid(pid, carpeta.pidFile);
    if (carpeta.base) rmSync(carpeta.base, { recursive: true, force: true });
  });
  return carpeta;
}
