/**
 * DASHBOARD (`node --import tsx bench/panel.ts`, also called by bench/run.ts): `GET /api/informes/panel` alone on a
 * fresh PGlite folder (`npm run bench -- panel`) with DEMO's data, sequential calls of the owner, p50/p95 beside `usuario/infoempre` (a bare
 * authenticated route) measured in the same window. Prints figures, asserts nothing; stops what it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { ms, printTable } from './format.ts';
import { request, stats } from './load.ts';
import { INFO_PATH, login, startInProcess } from './serverBench.ts';

const LLAMADAS = Number(process.env.FARO_BENCH_PANEL ?? 40);
const TARGET_MS = 150;

/** Prints the figures; answers the exit code (0). */
export async function benchPanel(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faro-bench-panel-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'datos') });
  let app: Awaited<ReturnType<typeof startInProcess>>['app'] | undefined;
  try {
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
    const started = await startInProcess(database);
    app = started.app;
    const { base } = started;
    const demo = await login(base, 'demo');
    if (!demo.token) throw new Error(`login demo: ${demo.status}`);
    const headers = { authorization: `Bearer ${demo.token}` };
    const medir = async (ruta: string) => {
      for (let i = 0; i < 3; i++) await request(base, 'GET', ruta, { headers }); // warm-up
      const xs: number[] = [];
      for (let i = 0; i < LLAMADAS; i++) {
        const r = await request(base, 'GET', ruta, { headers });
        if (r.status !== 200) throw new Error(`${ruta}: ${r.status} ${r.body.slice(0, 200)}`);
        xs.push(r.ms);
      }
      return stats(xs);
    };
    // Alternated, so a slow window of the shared machine weighs on both.
    const panel = await medir('/api/informes/panel');
    const info = await medir(INFO_PATH);
    const panel2 = await medir('/api/informes/panel');
    printTable(
      `DASHBOARD: GET /api/informes/panel on PGlite with DEMO, ${LLAMADAS} sequential calls × 2 (target p95 <= ${TARGET_MS} ms)`,
      ['route', 'p50', 'p95'],
      [
        ['GET /api/informes/panel (1st run)', ms(panel.p50), ms(panel.p95)],
        ['GET /api/informes/panel (2nd run)', ms(panel2.p50), ms(panel2.p95)],
        [`GET ${INFO_PATH} (bare route)`, ms(info.p50), ms(info.p95)],
      ],
    );
  } finally {
    await app?.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await benchPanel());
}
