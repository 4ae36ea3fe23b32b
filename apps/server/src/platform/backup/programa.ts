import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { carpetaCopias, crearCopia, podarCopias } from './copias.ts';

const DIA_MS = 86_400_000;

/**
 * The embedded mode's daily copy with retention (FARO_COPIAS_RETENCION copies, 7 by default), and a copy on demand
 * when `npm run backup` signals the running server (SIGUSR2). The first daily copy waits a few minutes after the
 * start (never slows it) and is skipped while the newest copy is less than a day old.
 */
export function programarCopias(database: Database, dataDir: string, log: (m: string) => void): { detener(): void } {
  const carpeta = carpetaCopias(dataDir);
  const conservar = Math.max(1, Number(process.env.FARO_COPIAS_RETENCION ?? 7) || 7);
  let enCurso: Promise<void> | undefined;
  const copiar = (motivo: string) => {
    enCurso ??= crearCopia(database, carpeta)
      .then((c) => {
        const podadas = podarCopias(carpeta, conservar);
        log(
          `Copia de seguridad (${motivo}): ${c.fichero} · ${(c.bytes / 1048576).toFixed(1)} MB · ${Math.round(c.ms)} ms` +
            (podadas.length ? ` · ${podadas.length} antiguas borradas` : ''),
        );
      })
      .catch((error) => log(`Copia de seguridad fallida (${motivo}): ${(error as Error).message}`))
      .finally(() => {
        enCurso = undefined;
      });
    return enCurso;
  };
  const diaria = () => {
    if (Date.now() - ultimaCopia(carpeta) >= DIA_MS - 60_000) void copiar('diaria');
  };
  const primera = setTimeout(diaria, 5 * 60_000);
  const cada = setInterval(diaria, 60 * 60_000);
  primera.unref();
  cada.unref();
  const bajoDemanda = () => void copiar('a petición');
  process.on('SIGUSR2', bajoDemanda);
  return {
    detener() {
      clearTimeout(primera);
      clearInterval(cada);
      process.off('SIGUSR2', bajoDemanda);
    },
  };
}

function ultimaCopia(carpeta: string): number {
  if (!existsSync(carpeta)) return 0;
  const tiempos = readdirSync(carpeta)
    .filter((f) => f.endsWith('.sha256'))
    .map((f) => statSync(path.join(carpeta, f)).mtimeMs);
  return tiempos.length ? Math.max(...tiempos) : 0;
}
