import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild, startServer, web } from './harness.ts';
import { serveWebBuild } from './webServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first server (kept for journeys that do not pick their worker's one). */
    baseURL: string;
    /** One server per e2e worker (`e2eBaseURL()` in browser.ts picks this worker's). */
    baseURLs: string[];
  }
}

/** Journeys run on this many workers (vitest.config.ts), each against its own server. */
export const E2E_WORKERS = 2;

export default async function setup(project: TestProject) {
  // The journeys' servers run on PGlite (a fresh folder per server, seeded at start): harness.ts's startServer passes
  // FARO_MOTOR=pglite to them unless it is set. Not set here: globalSetup runs in vitest's main process, whose
  // environment every test worker of every project inherits, and the embedded-PostgreSQL tests need it unset.
  // FARO_E2E_URL: run the journeys against a server that is already running (no build, no start).
  const external = process.env.FARO_E2E_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    project.provide('baseURLs', [external.replace(/\/$/, '')]);
    return;
  }
  ensureWebBuild();
  try {
    const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
    const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      await Promise.all(servers.map((s) => s.stop()));
      throw failed.reason;
    }
    project.provide('baseURL', servers[0]!.url);
    project.provide(
      'baseURLs',
      servers.map((s) => s.url),
    );
    return async () => {
      await Promise.all(servers.map((s) => s.stop()));
    };
  } catch (error) {
    // The server must serve apps/web/dist itself. When it cannot, say so loudly and serve the build from here so
    // the journeys still test the web app against the real API.
    const why = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    console.warn(
      `\n!!! The server did not start with the built web app (${why}).\n!!! Serving apps/web/dist from e2e/webServer.ts instead.\n`,
    );
    const api = await startServer({ WEB_DIST: path.join(tmpdir(), 'faro-sin-web') });
    const front = await serveWebBuild(path.join(web, 'dist'), api.url);
    project.provide('baseURL', front.url);
    project.provide('baseURLs', [front.url]);
    return async () => {
      await front.close();
      await api.stop();
    };
  }
}
