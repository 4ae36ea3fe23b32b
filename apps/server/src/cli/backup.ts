import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { carpetaCopias, crearCopia, restaurarCopia } from '../platform/backup/copias.ts';
import { openDatabase } from '../platform/db/database.ts';

/**
 * `npm run backup` — a copy now (into FARO_COPIAS_DIR, by default `copias/` beside the data folder).
 *   Embedded database (PGlite or the folder's own PostgreSQL) with the server running: the server takes it (SIGUSR2)
 *   and this waits for the file; without it, this opens the folder (starting its PostgreSQL for the copy).
 * `npm run restore FILE` — brings a copy back into an EMPTY data folder (DATA_DIR) or an empty DATABASE_URL.
 *   A PGlite copy with FARO_MOTOR=postgres becomes an embedded-PostgreSQL folder (ADR 0003).
 */
const config = loadConfig();
const [orden, fichero] = process.argv.slice(2);
const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

try {
  if (orden === 'restore') {
    if (!fichero) throw new Error('Indica el fichero de la copia: npm run restore -- <fichero>');
    const destino = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
    const r = await restaurarCopia(path.resolve(fichero), destino, (m) => console.log(m));
    console.log(`Copia restaurada en ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} (${Math.round(r.ms)} ms)`);
  } else {
    const carpeta = carpetaCopias(config.dataDir);
    const pid = config.databaseUrl ? 0 : servidorEnMarcha(config.dataDir);
    if (pid) {
      const antes = new Set(existsSync(carpeta) ? readdirSync(carpeta) : []);
      process.kill(pid, 'SIGUSR2');
      const nuevo = await esperarCopia(carpeta, antes);
      console.log(`Copia hecha por el servidor en marcha (pid ${pid}): ${nuevo}`);
    } else {
      const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        const c = await crearCopia(database, carpeta);
        console.log(`Copia: ${c.fichero} · ${mb(c.bytes)} · sha256 ${c.sha256} · ${Math.round(c.ms)} ms`);
      } finally {
        await database.close();
      }
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

function servidorEnMarcha(dataDir: string): number {
  const lock = path.join(dataDir, 'faro.lock');
  if (!existsSync(lock)) return 0;
  const pid = Number(readFileSync(lock, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
}

async function esperarCopia(carpeta: string, antes: Set<string>): Promise<string> {
  const hasta = Date.now() + 300_000;
  while (Date.now() < hasta) {
    const nuevas = existsSync(carpeta)
      ? readdirSync(carpeta).filter((f) => f.endsWith('.sha256') && !antes.has(f))
      : [];
    if (nuevas.length) return path.join(carpeta, nuevas[0]!.replace(/\.sha256$/, ''));
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('El servidor no terminó la copia en 5 minutos: mira su registro');
}
