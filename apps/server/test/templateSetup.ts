/**
 * Second global setup of the server test projects: builds one migrated database with the demo data, once per run,
 * so each test file starts from a copy in well under a second.
 * - PGlite: a dumped data folder written to a temporary file (`pgliteTemplate`), loaded with `loadDataDir`.
 * - PostgreSQL: a database `faro_template` that each test file clones with CREATE DATABASE … TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts';
import { seedDemo } from '../src/seed/seedDemo.ts';
import { compartido } from './compartidoEnEjecucion.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the dumped PGlite template ('' on the PostgreSQL project). */
    pgliteTemplate: string;
  }
}

export const TEMPLATE_DB = 'faro_template';

/**
 * The demo's sales history (a year up to the day before `hoy`) is fixed in time for the tests: it ends on 31 January
 * 2026, so tests may issue DEMO documents in its default series on any later date (numbers must follow dates).
 */
export const DEMO_SEMILLA = { hoy: '2026-02-01' };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = project.getProvidedContext().databaseUrl;
  // Built once per engine and run: the isolated and the non-isolated project of an engine share it.
  const plantilla = await compartido(
    `plantilla:${url}`,
    () => construir(url),
    (archivo) => {
      if (archivo) rmSync(path.dirname(archivo), { recursive: true, force: true });
    },
  );
  project.provide('pgliteTemplate', plantilla.valor);
  return plantilla.soltar;
}

/** PostgreSQL: the template database (returns ''). PGlite: the dumped folder's file. */
async function construir(url: string): Promise<string> {
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await migrateDatabase(database);
    await seedDemo(database.db, DEMO_SEMILLA);
    await database.close();
    return '';
  }
  const database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  await seedDemo(database.db, DEMO_SEMILLA);
  if (!database.pglite) throw new Error('PGlite esperado');
  const dump = await database.pglite.dumpDataDir('none');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faro-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return file;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
