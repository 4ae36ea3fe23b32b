import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { streamDownload } from '../../platform/api/client.ts';
import { filenameOf } from '../../platform/api/client.ts';
import { renderUi } from '../../test/render.tsx';
import { ExportMenu, progressText } from './ExportMenu.tsx';

describe('export menu', () => {
  it('downloads the chosen format with the list filters and order, showing progress meanwhile', async () => {
    let finish: () => void = () => {};
    const download = vi.fn<typeof streamDownload>(
      (_path, _params, onProgress) =>
        new Promise((resolve) => {
          onProgress({ bytes: 4096, total: 1234 });
          finish = () => resolve({ blob: new Blob(['PK']), filename: 'clientes-2026-01-01.xlsx' });
        }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderUi(
      <ExportMenu
        path="ventas/clientes/export"
        params={{ Filtros: '{"Buscar":"ana"}', Orden: 'Nombre', Descendente: true }}
        fileBase="clientes"
        download={download}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (xlsx)' }));
    expect((await screen.findByTestId('export-progress')).textContent).toContain('Exportando 1.234 registros… 4 KB');
    expect(download).toHaveBeenCalledWith(
      'ventas/clientes/export',
      { Filtros: '{"Buscar":"ana"}', Orden: 'Nombre', Descendente: true, Formato: 'xlsx' },
      expect.any(Function),
    );
    finish();
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    click.mockRestore();
  });

  it('fails silently (spec section 8)', async () => {
    const download = vi.fn<typeof streamDownload>(async () => {
      throw new Error('500');
    });
    renderUi(<ExportMenu path="x/y/export" params={{}} fileBase="y" download={download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('reads the progress line and the file name', () => {
    expect(progressText({ bytes: 0, total: null })).toBe('Exportando…');
    expect(progressText({ bytes: 2048, total: 1 })).toBe('Exportando 1 registro… 2 KB recibidos');
    expect(filenameOf('attachment; filename="clientes-2026-11-22.xlsx"')).toBe('clientes-2026-11-22.xlsx');
    expect(filenameOf(null)).toBeNull();
  });
});
