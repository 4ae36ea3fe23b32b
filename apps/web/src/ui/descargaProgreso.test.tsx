import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { streamDownload } from '../platform/api/client.ts';
import { renderUi } from '../test/render.tsx';
import {
  anuncioDescarga,
  BarraDescarga,
  porcentajeDescarga,
  textoDescarga,
  useDescargaProgreso,
} from './descargaProgreso.tsx';

/** A fake server stream: the test pushes chunks; the fake download reads it as `streamDownload` does. */
function flujoFalso() {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      control = c;
    },
  });
  const download = vi.fn<typeof streamDownload>(async (_path, _params, onProgress) => {
    onProgress({ bytes: 0, total: 4000 });
    const reader = stream.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      onProgress({ bytes, total: 4000 });
    }
    return { blob: new Blob(['PK']), filename: 'contaplus-2026.zip' };
  });
  return { download, enviar: (n: number) => control.enqueue(new Uint8Array(n)), cerrar: () => control.close() };
}

function Pantalla({ download }: { download: typeof streamDownload }) {
  const { progreso, descargar } = useDescargaProgreso(download);
  return (
    <>
      <button
        type="button"
        onClick={() => void descargar('impuestos/contabilidad/contaplus', { A: '1' }, 'x.zip', 1000)}
      >
        Descargar
      </button>
      <BarraDescarga progreso={progreso} etiqueta="Progreso de la descarga" testId="progreso" />
    </>
  );
}

describe('download progress', () => {
  it('shows the percentage of a streamed download on a progress bar and announces it in steps of 10', async () => {
    const f = flujoFalso();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderUi(<Pantalla download={f.download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    const barra = await screen.findByRole('progressbar', { name: 'Progreso de la descarga' });
    expect(barra.getAttribute('aria-valuenow')).toBe('0');
    f.enviar(250);
    await waitFor(() => expect(barra.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByRole('status').textContent).toBe('Descarga al 20 %');
    expect(screen.getByTestId('progreso').textContent).toContain('Descargando 4.000 registros… 25 %');
    f.enviar(2000);
    await waitFor(() => expect(barra.getAttribute('aria-valuenow')).toBe('99'));
    f.cerrar();
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(f.download).toHaveBeenCalledWith('impuestos/contabilidad/contaplus', { A: '1' }, expect.any(Function));
    click.mockRestore();
  });

  it('without an expected size: bytes received, no percentage; a failure ends silently', async () => {
    const p = { bytes: 3 * 1024 * 1024, total: null, estimado: null };
    expect(porcentajeDescarga(p)).toBeNull();
    expect(textoDescarga(p)).toBe('Descargando… 3,0 MB recibidos');
    expect(anuncioDescarga(p)).toBe('Descarga en curso: 3 MB recibidos');
    expect(textoDescarga({ bytes: 0, total: 1, estimado: 10 })).toBe('Descargando 1 registro… 0 %');
    const download = vi.fn<typeof streamDownload>(async () => {
      throw new Error('500');
    });
    renderUi(<Pantalla download={download} />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
