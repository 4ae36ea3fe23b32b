import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render.tsx';
import { abrirDocumento, SIN_ALMACENES } from './documentoEditor.testkit.tsx';
import { documento, list } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const emitida = documento({ Numero: 6, NumSerie: 'F0006', Estado: 'Emitida' });
const PDF = '%PDF-1.7 fake';
const BLOB_URL = 'blob:http://localhost/4f1c-vista';

function setup(pdf: () => Response) {
  return abrirDocumento('fventa', emitida, {
    ...SIN_ALMACENES,
    'GET ventas/fventaverifactu/factura/5': list([]),
    'GET ventas/fventa/pdf/5': pdf,
  });
}

async function abrirVista() {
  fireEvent.click(await screen.findByRole('button', { name: 'PDF' }));
  const vista = await screen.findByRole('menuitem', { name: 'Vista previa' });
  expect(screen.getAllByRole('menuitem', { hidden: true }).map((m) => m.textContent)).toEqual([
    'Vista previa',
    'Ver en una pestaña nueva',
    'Descargar',
    'Enviar por email…',
  ]);
  fireEvent.click(vista);
  return screen.findByRole('dialog');
}

describe('PDF preview in a modal', { timeout: 20_000 }, () => {
  let creadas: Blob[];
  beforeEach(() => {
    creadas = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      creadas.push(b as Blob);
      return BLOB_URL;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the PDF with the session token and frames it; Descargar, Imprimir and a new tab', async () => {
    const { calls } = setup(() => new Response(PDF, { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const dialog = await abrirVista();
    expect(within(dialog).getByText('Vista previa · Factura F0006')).toBeTruthy();
    const frame = (await within(dialog).findByTestId('pdf-vista-previa')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(BLOB_URL);
    expect(frame.tagName).toBe('IFRAME');
    // Through the API client: bearer token of the session.
    const pedida = calls.find((c) => c.path === 'ventas/fventa/pdf/5')!;
    expect(new Headers(pedida.init.headers).get('Authorization')).toBe('Bearer T');
    expect(creadas).toHaveLength(1);
    expect(creadas[0]!.type).toBe('application/pdf');
    expect(await creadas[0]!.text()).toBe(PDF);

    // Imprimir: the frame's own print.
    const print = vi.fn();
    const focus = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { configurable: true, value: { print, focus } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);

    // Descargar: a link to the same blob with the document's file name.
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.href).toBe(BLOB_URL);
      expect(this.download).toBe('Factura F0006.pdf');
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(clic).toHaveBeenCalledTimes(1);

    // The new-tab option stays.
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrir en pestaña nueva' }));
    expect(open).toHaveBeenCalledWith(BLOB_URL, '_blank', 'noopener');

    // Closing the modal drops the frame.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pdf-vista-previa')).toBeNull());
  });

  it('a PDF that fails says so in the modal, with the buttons off', async () => {
    setup(() => json(500, { Mensaje: 'Se ha producido un error' }));
    const dialog = await abrirVista();
    expect(await within(dialog).findByText('No se ha podido generar el PDF del documento')).toBeTruthy();
    expect(within(dialog).queryByTestId('pdf-vista-previa')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Imprimir' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Descargar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(creadas).toHaveLength(0);
  });
});
