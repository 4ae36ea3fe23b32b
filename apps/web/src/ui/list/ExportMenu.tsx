import { formatNumber } from '@faro/domain';
import { Button, Group, Menu, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import { type DownloadProgress, type Params, streamDownload } from '../../platform/api/client.ts';

/** Spec section 9: the export formats, in the order of the menu. */
export const EXPORT_FORMATS = [
  { value: 'xlsx', label: 'Excel (xlsx)' },
  { value: 'ods', label: 'OpenDocument (ods)' },
  { value: 'pdf', label: 'PDF' },
  { value: 'html', label: 'HTML' },
] as const;

const kb = (bytes: number) => formatNumber(Math.max(1, Math.round(bytes / 1024)), 0);
const count = (n: number) => formatNumber(n, 0);

/** The progress line: the rows announced by the server and the bytes received so far. */
export function progressText(p: DownloadProgress): string {
  const rows = p.total === null ? '' : ` ${count(p.total)} ${p.total === 1 ? 'registro' : 'registros'}`;
  return `Exportando${rows}… ${p.bytes ? `${kb(p.bytes)} KB recibidos` : ''}`.trim();
}

/** Saves what a URL holds (a blob URL) under a file name: a temporary link clicked. */
export function guardarComo(url: string, nombre: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves a downloaded blob as a file, then lets its URL go. */
export function save(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  guardarComo(href, filename);
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * 'Exportar': `GET {resource}/export?Formato=…` with the list's filters and order, streamed with a progress
 * indication and saved as a file. Errors during downloads are not shown (spec section 8).
 */
export function ExportMenu({
  path,
  params,
  fileBase,
  download = streamDownload,
}: {
  /** `{area}/{name}/export` */
  path: string;
  /** Filtros, Orden, Descendente of the list. */
  params: Params;
  fileBase: string;
  download?: typeof streamDownload;
}) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async (format: string) => {
    setProgress({ bytes: 0, total: null });
    try {
      const file = await download(path, { ...params, Formato: format }, setProgress);
      save(file.blob, file.filename ?? `${fileBase}.${format}`);
    } catch {
      // Downloads fail silently (spec section 8).
    } finally {
      setProgress(null);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      {progress && (
        <div style={{ minWidth: 180 }} data-testid="export-progress">
          <Text size="xs" c="dimmed">
            {progressText(progress)}
          </Text>
          <Progress value={100} animated striped size="sm" aria-label="Progreso de la exportación" />
        </div>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={!!progress}>
            Exportar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {EXPORT_FORMATS.map((f) => (
            <Menu.Item key={f.value} onClick={() => void run(f.value)}>
              {f.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
