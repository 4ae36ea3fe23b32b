import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild, startServer, web } from './harness.ts';
import { serveWebBuild } from './webServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  // FARO_E2E_URL: run the journeys against a server that is already running (no build, no start).
  const external = process.env.FARO_E2E_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    return;
  }
  ensureWebBuild();
  try {
    const server = await startServer();
    project.provide('baseURL', server.url);
    return server.stop;
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
    return async () => {
      await front.close();
      await api.stop();
    };
  }
}
