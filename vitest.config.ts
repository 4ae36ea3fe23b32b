import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/globalSetup.ts';

/**
 * Server test files that need a module graph of their own (the server projects share one per worker, below):
 * `vi.mock` of a module the app imports (plataforma, attacker), and a memory bound measured with a collection every
 * 25 ms, whose collections a shared worker's bigger heap makes too slow (tar).
 */
const AISLADOS = [
  'src/modules/administracion/plataforma.test.ts',
  'src/platform/auth/attacker.test.ts',
  'src/platform/backup/tar.test.ts',
];

/**
 * The server's database tests on one engine, in two projects. Most files share each worker's module graph
 * (`isolate: false`): every file imports the whole app, and importing it once per worker instead of once per file
 * took the PGlite run of the sales module from 142 to 110 s. Each file still opens its own database copy, and the
 * files in AISLADOS keep a graph of their own. Both projects share the engine's cluster and template
 * (test/compartidoEnEjecucion.ts).
 */
function servidor(motor: 'pglite' | 'postgres') {
  const comun = {
    root: 'apps/server',
    // Loopback is allowed as a destination: the tests' SMTP sinks and simulators listen there (egress tests empty it).
    env: { FARO_TEST_DB: motor, FARO_DESTINOS_PERMITIDOS: '127.0.0.1' },
    globalSetup: ['test/globalSetup.ts', 'test/templateSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  const soloPglite = motor === 'postgres' ? ['src/**/*.pglite-only.test.ts'] : [];
  return [
    {
      test: {
        ...comun,
        name: `server-${motor}`,
        include: ['src/**/*.test.ts'],
        exclude: [...AISLADOS, ...soloPglite],
        isolate: false,
      },
    },
    { test: { ...comun, name: `server-${motor}-aislado`, include: AISLADOS } },
  ];
}

/**
 * One test command for the whole repository. The server's database tests run twice: on embedded PGlite and on a
 * real PostgreSQL (DATABASE_URL, or a throwaway cluster started from the machine's binaries).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: ONE on the 2-core CI machines, which ran every file in
    // turn with a core idle (the PGlite files are single-threaded). Two workers there; cores - 1 on bigger machines.
    // The e2e journeys run after the others, two at a time, each worker against its own server (e2e/globalSetup.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // Import cycles and web layers over the whole source tree (scripts/importGraph.ts): a second, no database.
      { test: { name: 'health', root: '.', include: ['scripts/**/*.test.ts'] } },
      ...servidor('pglite'),
      ...servidor('postgres'),
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // After the other projects (their own group), on E2E_WORKERS workers, each with its own server.
          sequence: { groupOrder: 1 },
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
