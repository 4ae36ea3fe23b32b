import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/globalSetup.ts';

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
      {
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { FARO_TEST_DB: 'pglite' },
          globalSetup: ['test/globalSetup.ts', 'test/templateSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.pglite-only.test.ts'],
          env: { FARO_TEST_DB: 'postgres' },
          globalSetup: ['test/globalSetup.ts', 'test/templateSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
