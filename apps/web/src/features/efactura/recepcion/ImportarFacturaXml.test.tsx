import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import { ImportarFacturaXml } from './ImportarFacturaXml.tsx';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const fichero = (nombre: string) => new File(['<Invoice/>'], nombre, { type: 'application/xml' });
const elegir = (...nombres: string[]) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: nombres.map(fichero) } });
};
const DIFERENCIA =
  'El importe a pagar de la factura electrónica (250.43) no coincide con la que calcula Faro de sus líneas (250.33): diferencia 0.10';
const BUZON = { Activo: true, Direccion: 'facturas+abcdefghijklmnopqrstuvwxyz@facturas.example', Aviso: null };

/** The server: the first file a draft with a difference, any other refused; the mailbox's address. */
function servidor() {
  let n = 0;
  return mockFetch({
    'GET compras/fcompra/buzon': () => json(200, BUZON),
    'POST compras/fcompra/importar-xml': () =>
      n++ === 0
        ? json(201, {
            Id: 41,
            NumFacturaProveedor: '12115118',
            Proveedor: { Id: 7, Nombre: 'De Koksmaat', Creado: true },
            Diferencias: [{ Campo: 'PayableAmount', Mensaje: DIFERENCIA }],
            AvisoMoneda: null,
          })
        : json(400, { Mensaje: 'El fichero no es una factura electrónica en XML' }),
  });
}

describe('Importar facturas electrónicas (XML)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('imports several chosen files, each with its own result: the draft, its differences, or the refusal', async () => {
    const { calls } = servidor();
    renderUi(<ImportarFacturaXml />, { session: fakeSession() });
    elegir('factura.xml', 'foto.xml');
    expect(await screen.findByText(DIFERENCIA)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Factura 12115118 de De Koksmaat (proveedor nuevo) importada como borrador',
    );
    expect(screen.getByRole('link', { name: 'Abrir la factura 12115118' }).getAttribute('href')).toBe(
      '/fcompra/editar/41',
    );
    const rechazo = await screen.findByRole('alert');
    expect(within(rechazo).getByText('foto.xml')).toBeTruthy();
    expect(rechazo.textContent).toContain('El fichero no es una factura electrónica en XML');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      'compras/fcompra/importar-xml',
      'compras/fcompra/importar-xml',
    ]);
  });

  it('imports the XML files dropped on the list it wraps, leaving other files out', async () => {
    const { calls } = servidor();
    renderUi(
      <ImportarFacturaXml>
        <table aria-label="Facturas recibidas" />
      </ImportarFacturaXml>,
      { session: fakeSession() },
    );
    const zona = screen.getByTestId('zona-facturas-xml');
    expect(within(zona).getByRole('table', { name: 'Facturas recibidas' })).toBeTruthy();
    const files = [fichero('factura.xml'), new File(['x'], 'foto.jpg', { type: 'image/jpeg' })];
    fireEvent.dragOver(zona, { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
    expect(await screen.findByText('Suelta aquí las facturas electrónicas')).toBeTruthy();
    fireEvent.drop(zona, { dataTransfer: { types: ['Files'], files } });
    expect(await screen.findByText(DIFERENCIA)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the company’s mailbox address with a button to copy it', async () => {
    servidor();
    renderUi(<ImportarFacturaXml />, { session: fakeSession() });
    expect(await screen.findByText(BUZON.Direccion)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar la dirección' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nueva dirección/ })).toBeTruthy();
  });
});
