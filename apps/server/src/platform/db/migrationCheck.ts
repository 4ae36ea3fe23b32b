import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The part of a Database the check needs (both engines have it). */
interface Consultable {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

/**
 * True when the database already has the newest migration of the folder (a restart skips the migrator,
 * which reads and hashes every SQL file and runs its DDL checks). One read of the journal and one query: drizzle
 * applies every migration newer than the last `created_at` it recorded, so the database is up to date when that is
 * at least the journal's last `when`. Any doubt (no table yet, unreadable journal) answers false: the migrator runs.
 */
export async function migracionesAlDia(database: Consultable, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const ultima = journal.entries.at(-1)?.when;
    if (ultima === undefined) return false;
    const [fila] = await database.query<{ ultima: string | null }>(
      'select max(created_at)::text as ultima from drizzle.__drizzle_migrations',
    );
    return fila?.ultima != null && Number(fila.ultima) >= ultima;
  } catch {
    return false;
  }
}
