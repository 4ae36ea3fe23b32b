import { formatNumber } from '@faro/domain';
import { Progress, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { type DownloadProgress, type Params, streamDownload } from '../platform/api/client.ts';
import { save } from './list/ExportMenu.tsx';

/**
 * One progress mechanism for the long downloads (ContaPlus/Sage, the ledger's reports, the document exports): the
 * file is read as a stream (`streamDownload`), the bytes received are counted and, when the size can be told
 * beforehand (the caller's estimate from the rows it knows, e.g. the preview's line count), shown as a percentage
 * that stops at 99 until the last byte. Screen readers hear a polite announcement every 10 %.
 */
export interface ProgresoDescarga extends DownloadProgress {
  /** Expected size in bytes, when known; null: only the bytes received are shown. */
  estimado: number | null;
}

/** Percentage of an estimated download (0–99 while it runs), or null when the size is unknown. */
export function porcentajeDescarga(p: ProgresoDescarga): number | null {
  if (!p.estimado || p.estimado <= 0) return null;
  return Math.min(99, Math.floor((p.bytes * 100) / p.estimado));
}

const tamano = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} KB`
    : `${formatNumber(bytes / 1024 / 1024, 1)} MB`;

/** The visible line: percentage (when known), rows announced by the server, bytes received. */
export function textoDescarga(p: ProgresoDescarga): string {
  const pct = porcentajeDescarga(p);
  const filas = p.total === null ? '' : ` ${formatNumber(p.total, 0)} ${p.total === 1 ? 'registro' : 'registros'}`;
  const partes = [pct === null ? null : `${pct} %`, p.bytes ? `${tamano(p.bytes)} recibidos` : null].filter(Boolean);
  return `Descargando${filas}…${partes.length ? ` ${partes.join(', ')}` : ''}`;
}

/** What screen readers hear: the percentage in steps of 10 (or the megabytes received), not every chunk. */
export function anuncioDescarga(p: ProgresoDescarga): string {
  const pct = porcentajeDescarga(p);
  if (pct !== null) return `Descarga al ${Math.floor(pct / 10) * 10} %`;
  return `Descarga en curso: ${formatNumber(Math.floor(p.bytes / 1024 / 1024), 0)} MB recibidos`;
}

/**
 * `descargar(path, params, nombre, estimado?)` streams the file, keeps `progreso` up to date and saves the file;
 * failures are silent (spec section 8) and leave `progreso` null again. Returns the saved name or null.
 */
export function useDescargaProgreso(download: typeof streamDownload = streamDownload) {
  const [progreso, setProgreso] = useState<ProgresoDescarga | null>(null);
  const enCurso = useRef(false);
  const descargar = useCallback(
    async (path: string, params: Params, nombre: string, estimado: number | null = null) => {
      if (enCurso.current) return null;
      enCurso.current = true;
      setProgreso({ bytes: 0, total: null, estimado });
      try {
        const file = await download(path, params, (p) => setProgreso({ ...p, estimado }));
        const guardado = file.filename ?? nombre;
        save(file.blob, guardado);
        return guardado;
      } catch {
        return null;
      } finally {
        enCurso.current = false;
        setProgreso(null);
      }
    },
    [download],
  );
  return { progreso, descargar };
}

/** The bar and its line while a download runs (nothing otherwise). */
export function BarraDescarga({
  progreso,
  etiqueta,
  testId,
}: {
  progreso: ProgresoDescarga | null;
  /** The accessible name of the bar, e.g. "Progreso de la descarga". */
  etiqueta: string;
  testId?: string;
}) {
  if (!progreso) return null;
  const pct = porcentajeDescarga(progreso);
  const texto = textoDescarga(progreso);
  return (
    <div style={{ minWidth: 200 }} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {texto}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={pct ?? 100}
          animated={pct === null}
          striped={pct === null}
          withAria={false}
          role="progressbar"
          aria-label={etiqueta}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
          aria-valuetext={texto}
        />
      </Progress.Root>
      <VisuallyHidden aria-live="polite" role="status">
        {anuncioDescarga(progreso)}
      </VisuallyHidden>
    </div>
  );
}
