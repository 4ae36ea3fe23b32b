import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { pasarPgliteAPostgres } from '../backup/pasoAPostgres.ts';
import { openDatabase } from './database.ts';
import { postgresUnavailable } from './embeddedPostgres.ts';

/**
 * Why the tests of the embedded PostgreSQL do not run here, or undefined when they do. They run once, in the
 * server-pglite project (the data folder's engine is chosen by the app, not by the test project); where the binaries
 * are missing, `queSinProbar` is said loudly so nobody takes a skipped file for a passed one.
 */
export function sinPostgresIntegrado(carpeta: string, queSinProbar?: string): string | undefined {
  if (process.env.FARO_TEST_DB === 'postgres') return 'proyecto server-postgres';
  const motivo = postgresUnavailable(carpeta);
  if (motivo && queSinProbar) console.warn(`!!! ${queSinProbar} SIN PROBAR: ${motivo}`);
  return motivo;
}

/** A temporary folder (under `prefijo`) the user PostgreSQL runs as can reach: as root, that is "postgres". */
export function carpetaTemporalPostgres(prefijo: string): string {
  const base = mkdtempSync(path.join(tmpdir(), prefijo));
  chmodSync(base, 0o755);
  return base;
}

/** The seeded test template moved into a data folder's own PostgreSQL, as `npm run restore` with FARO_MOTOR=postgres. */
export async function plantillaEnPostgresIntegrado(dataDir: string): Promise<void> {
  const origen = await openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  try {
    await pasarPgliteAPostgres(origen, dataDir, () => {});
  } finally {
    await origen.close();
  }
}
