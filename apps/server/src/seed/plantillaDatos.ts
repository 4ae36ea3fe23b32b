import { constants, cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { migrateDatabase, openDatabase } from '../platform/db/database.ts';

/**
 * The migrated PGlite data folder a first start copies instead of running initdb and every migration (issue 22:
 * together ~10 s on a busy machine, a copy ~0.2 s). `npm start` builds it (scripts/build-if-changed.mjs) when the
 * migrations change; it holds the schema only (no token secret, no data), and the start checks its migrations as on
 * any restart, so a stale template only costs the newer migrations. FARO_PLANTILLA=0 turns it off.
 */
export const PLANTILLA_DATOS = path.join(repoRoot(), 'apps/server/dist/plantilla-datos');

/** Files a data folder may hold before its database exists (the lock, the engine marker). */
const PREVIOS = new Set(['faro.lock', 'faro-motor']);

/**
 * Fills a new embedded data folder (absent or empty) with a copy of the template, when there is one. True when it
 * copied. Only for PGlite: a folder meant for another engine (FARO_MOTOR, an engine marker) is left alone.
 */
export function carpetaDesdePlantilla(dataDir: string, plantilla = PLANTILLA_DATOS): boolean {
  if (process.env.FARO_PLANTILLA === '0' || (process.env.FARO_MOTOR && process.env.FARO_MOTOR !== 'pglite')) {
    return false;
  }
  if (!existsSync(path.join(plantilla, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  try {
    // A copy-on-write clone where the file system has them (btrfs, xfs, APFS), a plain copy elsewhere.
    cpSync(plantilla, dataDir, {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
      filter: (src) => !PREVIOS.has(path.basename(src)),
    });
    return true;
  } catch {
    rmSync(dataDir, { recursive: true, force: true }); // half a copy is no database: initdb as before
    return false;
  }
}

/** Builds the template in `destino`: a new PGlite folder, migrated and closed, moved into place at the end. */
export async function crearPlantilla(destino = PLANTILLA_DATOS): Promise<void> {
  const obra = `${destino}.obra-${process.pid}`;
  rmSync(obra, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: obra });
  try {
    await migrateDatabase(database);
    await database.query('CHECKPOINT');
  } finally {
    await database.close();
  }
  for (const f of PREVIOS) rmSync(path.join(obra, f), { force: true });
  rmSync(destino, { recursive: true, force: true });
  renameSync(obra, destino);
}
