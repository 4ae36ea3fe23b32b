import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite takes no lock on its folder and a second process would corrupt it: hold a lock file with our pid.
 * A stale lock (its process is gone) is taken over.
 */
export function acquireFolderLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'faro.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `La carpeta de datos ${dataDir} está en uso por otro proceso (pid ${pid}). Detén ese proceso o usa otra carpeta (DATA_DIR).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear la carpeta de datos ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
