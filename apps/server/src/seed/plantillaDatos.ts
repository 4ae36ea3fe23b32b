import { constants, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { migrateDatabase, openDatabase } from '../platform/db/database.ts';
import {
  EMBEDDED_LAYOUT,
  PLANTILLA_POSTGRES,
  startEmbeddedPostgres,
  writeTemplateSettings,
} from '../platform/db/embeddedPostgres.ts';

/**
 * The migrated PGlite data folder a first start copies instead of running initdb and every migration (
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

/**
 * Builds the embedded-PostgreSQL template in `destino` (the copy is startEmbeddedPostgres's): initdb, the
 * database `faro` with every migration, a checkpoint and a clean stop, then only `pg/` and faro-postgres.json (the
 * template's password and the binaries' version) are kept and moved into place.
 */
export async function crearPlantillaPostgres(destino = PLANTILLA_POSTGRES): Promise<void> {
  const obra = `${destino}.obra-${process.pid}`;
  rmSync(obra, { recursive: true, force: true });
  const server = await startEmbeddedPostgres(obra, () => {}, { plantilla: false });
  try {
    const database = await openDatabase({ databaseUrl: server.url });
    try {
      await migrateDatabase(database);
      await database.query('CHECKPOINT');
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
  }
  writeTemplateSettings(obra, server.binDir);
  podarWal(path.join(obra, EMBEDDED_LAYOUT.PGDATA));
  const keep = new Set<string>([EMBEDDED_LAYOUT.PGDATA, EMBEDDED_LAYOUT.SETTINGS_FILE]);
  for (const f of readdirSync(obra)) if (!keep.has(f)) rmSync(path.join(obra, f), { recursive: true, force: true });
  rmSync(destino, { recursive: true, force: true });
  renameSync(obra, destino);
}

/**
 * A cleanly stopped cluster needs only the WAL segment of its last (shutdown) checkpoint; the others are recycled
 * future segments (16 MB each) the copy would write for nothing. The checkpoint is read from global/pg_control
 * (ControlFileData: state at byte 16, checkPoint at 32, checkPointCopy.ThisTimeLineID at 48); when anything does not
 * match (another layout, not shut down, the segment not there) nothing is removed.
 */
function podarWal(pgdata: string): void {
  const control = readFileSync(path.join(pgdata, 'global', 'pg_control'));
  const state = control.readInt32LE(16);
  const checkpoint = control.readBigUInt64LE(32);
  const timeline = control.readUInt32LE(48);
  const SEGMENTO = 16n * 1024n * 1024n;
  const segno = checkpoint / SEGMENTO;
  const hex = (n: bigint | number) => n.toString(16).toUpperCase().padStart(8, '0');
  const nombre = `${hex(timeline)}${hex(segno / 256n)}${hex(segno % 256n)}`;
  const wal = path.join(pgdata, 'pg_wal');
  if (
    state !== 1 ||
    !existsSync(path.join(wal, nombre)) ||
    statSync(path.join(wal, nombre)).size !== Number(SEGMENTO)
  ) {
    return; // 1 = DB_SHUTDOWNED
  }
  for (const f of readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(f) && f !== nombre) rmSync(path.join(wal, f));
}
