/**
 * Global setup of the server test projects (root vitest.config.ts). Provides `databaseUrl` to the tests
 * (`inject('databaseUrl')`):
 * - `server-pglite` (FARO_TEST_DB=pglite): '' → the tests use embedded PGlite.
 * - `server-postgres` (FARO_TEST_DB=postgres): $DATABASE_URL when set, else a throwaway cluster started from the
 *   machine's PostgreSQL binaries (stopped and deleted in teardown). Without binaries: '' plus a loud warning, and
 *   the tests are expected to skip their PostgreSQL run.
 */
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { compartido } from './compartidoEnEjecucion.ts';
import { PostgresBinariesMissing, startPostgresCluster } from './postgresCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL of the test database, or '' for PGlite (or when PostgreSQL is unavailable). */
    databaseUrl: string;
  }
}

/** The type import above also puts 'vitest' into the program, which the augmentation needs (TypeScript 7). */
function provideUrl(project: TestProject, url: ProvidedContext['databaseUrl']): void {
  project.provide('databaseUrl', url);
}

/** Vitest 4 hands the project's `env` to the test workers, not to process.env of the main process. */
function testDb(project: TestProject): string | undefined {
  const fromConfig = project.config.env?.FARO_TEST_DB;
  return (typeof fromConfig === 'string' && fromConfig) || process.env.FARO_TEST_DB || undefined;
}

function warn(lines: string[]): void {
  const bar = '!'.repeat(100);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${bar}\n\n`);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (testDb(project) !== 'postgres') {
    provideUrl(project, '');
    return undefined;
  }
  const given = process.env.DATABASE_URL;
  if (given) {
    provideUrl(project, given);
    return undefined;
  }
  try {
    // One cluster for both PostgreSQL projects (isolated and not: compartidoEnEjecucion.ts).
    const cluster = await compartido('postgres', startPostgresCluster, (c) => c.stop());
    provideUrl(project, cluster.valor.url);
    return cluster.soltar;
  } catch (err) {
    if (!(err instanceof PostgresBinariesMissing)) throw err;
    const lines = [
      `WARNING: the PostgreSQL test run (${project.name}) will FAIL.`,
      'No DATABASE_URL is set and no PostgreSQL binaries (initdb + postgres) were found',
      '(looked in $FARO_PG_BIN, PATH and /usr/lib/postgresql/*/bin).',
      err.message,
      'Only PGlite was tested. Install PostgreSQL (Debian: apt-get install -y postgresql) or set DATABASE_URL.',
    ];
    warn(lines);
    provideUrl(project, '');
    // Said again at the end of the run, next to the summary, where it cannot scroll out of sight.
    return async () => warn(lines);
  }
}
