import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import { EnviosEfactura } from './EnviosEfactura.tsx';
import { EstadoEnvioFactura } from './EstadoEnvioFactura.tsx';
import type { EnvioFila } from './envioApi.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const base: EnvioFila = {
  Id: 7,
  IdDocumento: 5,
  Canal: 'spfe',
  Estado: 'enviado',
  Intentos: 1,
  NumeroRegistro: 'SPFE-1',
  CodigoError: null,
  DescripcionError: null,
  ConPdf: true,
  EstadoCliente: 'pagada',
  FechaEstadoCliente: '2026-11-20',
  MotivoEstadoCliente: null,
  Enviado: '2026-11-02T10:00:00Z',
  NumSerie: 'F2026/0004',
  Fecha: '2026-11-02',
  Cliente: 'Distribuciones SPFE SL',
  Total: '121.00',
};
const rechazada: EnvioFila = {
  ...base,
  Id: 8,
  IdDocumento: 6,
  Estado: 'rechazado',
  NumeroRegistro: null,
  EstadoCliente: null,
  FechaEstadoCliente: null,
  DescripcionError: 'La factura no cumple la norma EN 16931',
  NumSerie: 'F2026/0005',
};

describe('e-invoice sends on screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('shows the invoice’s channel, its state and the customer’s reported payment', async () => {
    mockFetch({ 'GET ventas/fventa/efactura/5': () => json(200, { Envios: [base] }) });
    renderUi(<EstadoEnvioFactura doc={{ Id: 5, NumSerie: 'F2026/0004' }} />, { session: fakeSession() });
    expect((await screen.findByTestId('efactura-estado-cliente')).textContent).toBe('Pagada el 20/11/2026');
    expect(screen.getByText('Solución pública de la AEAT (SPFE): Enviada')).toBeTruthy();
  });

  it('lists the queue with the platform’s reason and retries a rejected send', async () => {
    const { calls } = mockFetch({
      'GET ventas/fventaefactura': () => json(200, { Envios: [base, rechazada] }),
      'POST ventas/fventaefactura/reintentar/8': () => json(200, { Enviados: 1, Rechazados: 0 }),
    });
    renderUi(<EnviosEfactura action="fventaefactura" segments={[]} route={{} as never} />, { session: fakeSession() });
    const fila = (await screen.findByText('F2026/0005')).closest('tr')!;
    expect(within(fila).getByText('La factura no cumple la norma EN 16931')).toBeTruthy();
    expect(within(screen.getByText('F2026/0004').closest('tr')!).getByText('Pagada el 20/11/2026')).toBeTruthy();
    fireEvent.click(within(fila).getByRole('button', { name: 'Reintentar F2026/0005' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST ventas/fventaefactura/reintentar/8'),
    );
    expect(await screen.findByText('Envío reintentado')).toBeTruthy();
  });
});
