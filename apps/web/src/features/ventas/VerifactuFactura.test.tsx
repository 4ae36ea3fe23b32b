import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, json, type mockFetch, testContext } from '../../test/render.tsx';
import { abrirDocumento, SIN_ALMACENES } from './documentoEditor.testkit.tsx';
import { documento, list } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const URL_QR =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678&numserie=F2026-0004&fecha=02-03-2026&importe=25.41';
const emitida = documento({ Numero: 4, NumSerie: 'F2026-0004', Estado: 'Emitida', UrlQr: URL_QR });
const registro = (Id: number, Estado: string) => ({ Id, Clase: 'alta', IdFactura: 5, Estado, UrlQr: URL_QR });

function setup(
  doc: ReturnType<typeof documento>,
  session = fakeSession(),
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  return abrirDocumento(
    'fventa',
    doc,
    {
      ...SIN_ALMACENES,
      'GET ventas/fventaverifactu/factura/5': list([registro(10, 'rechazado'), registro(11, 'enviado')]),
      ...routes,
    },
    session,
  );
}

describe('the VeriFactu card of an issued invoice', { timeout: 20_000 }, () => {
  it('shows the QR with its legends, the state of the latest record and the link to the viewer', async () => {
    const { calls } = setup(emitida);
    const card = await screen.findByTestId('verifactu');
    const qr = within(card).getByRole('img', { name: 'Código QR tributario' });
    // Drawn by the domain encoder: dark modules as path segments.
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(card).getByText('QR tributario:')).toBeTruthy();
    expect(within(card).getByText('VERI*FACTU')).toBeTruthy();
    // The latest record (the last one of the list) gives the state.
    expect(await within(card).findByText('Aceptado')).toBeTruthy();
    expect(within(card).queryByText('Rechazado')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Ver registro VeriFactu' }).getAttribute('href')).toBe(
      '/fventavisorvf/factura/5',
    );
    expect(within(card).getByRole('link', { name: 'Cotejar en la AEAT' }).getAttribute('href')).toBe(URL_QR);
    expect(calls.filter((c) => c.path === 'ventas/fventaverifactu/factura/5')).toHaveLength(1);
  });

  it('an invoice without records says so, with no error toast', async () => {
    setup(emitida, fakeSession(), {
      'GET ventas/fventaverifactu/factura/5': () => json(404, { Mensaje: 'No existe el dato solicitado' }),
    });
    const card = await screen.findByTestId('verifactu');
    expect(await within(card).findByText('sin registro')).toBeTruthy();
    expect(screen.queryByText('No existe el dato solicitado')).toBeNull();
  });

  it('a user without VentasVeriFactu sees the QR but neither the record state nor the link', async () => {
    const info = testContext();
    const session = fakeSession({ Permisos: { ...info.Permisos, VentasVeriFactu: 0 } });
    const { calls } = setup(emitida, session);
    const card = await screen.findByTestId('verifactu');
    expect(within(card).getByRole('img', { name: 'Código QR tributario' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Ver registro VeriFactu' })).toBeNull();
    expect(within(card).queryByTestId('verifactu-estado')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('ventas/fventaverifactu'))).toBe(false);
  });

  it('nothing for a company that is not on VeriFactu', async () => {
    const { calls } = setup(emitida, fakeSession({ TipoFacturaElectronica: 'tbai' }));
    expect(await screen.findByTestId('solo-lectura')).toBeTruthy();
    expect(screen.queryByTestId('verifactu')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Código QR tributario' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('ventas/fventaverifactu'))).toBe(false);
  });

  it('nothing on a draft invoice', async () => {
    setup(documento({ UrlQr: null }));
    expect(await screen.findByTestId('linea-1')).toBeTruthy();
    expect(screen.queryByTestId('verifactu')).toBeNull();
  });
});
