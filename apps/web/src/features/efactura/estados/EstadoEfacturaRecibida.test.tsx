import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import { EstadoEfacturaRecibida } from './EstadoEfacturaRecibida.tsx';
import type { EstadoEnviado, VistaRecibida } from './estadosApi.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const plazos = (informe: 'falta' | 'en_cola' | 'enviado', dias: number) => ({
  Decision: { Limite: '2026-11-06', DiasRestantes: dias, Informe: informe, Hecho: informe === 'enviado' },
  Pago: null,
  Nivel: dias < 0 ? ('vencido' as const) : ('pendiente' as const),
});
const vista = (over: Partial<Extract<VistaRecibida, { Formato: string }>> = {}): VistaRecibida => ({
  Recibida: '2026-11-02T09:00:00Z',
  Formato: 'UBL',
  Origen: 'fichero',
  Plazos: plazos('falta', 3),
  TextoPlazo: 'Quedan 3 días para aceptarla o rechazarla',
  Decision: null,
  Estados: [],
  ...over,
});
const estado = (over: Partial<EstadoEnviado>): EstadoEnviado => ({
  Id: 1,
  Tipo: 'aceptada',
  Motivo: null,
  Detalle: null,
  Fecha: '2026-11-03',
  Importe: null,
  Autor: 'demo',
  Envio: 'generado',
  Intentos: 0,
  CodigoError: null,
  Error: null,
  Enviado: null,
  ...over,
});

describe('a received e-invoice’s statuses on its screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('shows nothing for a purchase invoice that did not come as an e-invoice', async () => {
    const { calls } = mockFetch({ 'GET compras/fcompra/efactura/5': () => json(200, { Recibida: null }) });
    renderUi(<EstadoEfacturaRecibida idDocumento={5} />, { session: fakeSession() });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('Factura electrónica recibida')).toBeNull();
  });

  it('accepts by keyboard: the clock, then the status queued with its sending state', async () => {
    let actual = vista();
    const { calls } = mockFetch({
      'GET compras/fcompra/efactura/7': () => json(200, actual),
      'POST compras/fcompra/efactura/aceptar/7': () => {
        const aceptada = estado({});
        actual = vista({
          Decision: 'aceptada',
          Plazos: plazos('en_cola', 3),
          TextoPlazo: 'Quedan 3 días para enviar la decisión',
          Estados: [aceptada],
        });
        return json(201, aceptada);
      },
    });
    renderUi(<EstadoEfacturaRecibida idDocumento={7} />, { session: fakeSession() });
    expect((await screen.findByTestId('efactura-plazo')).textContent).toBe('Quedan 3 días para aceptarla o rechazarla');
    const aceptar = screen.getByRole('button', { name: 'Aceptar' });
    aceptar.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Quedan 3 días para enviar la decisión')).toBeTruthy();
    const fila = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(fila.textContent).toContain('Aceptada');
    expect(fila.textContent).toContain('En cola');
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar ahora' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['compras/fcompra/efactura/aceptar/7']);
  });

  it('«Enviar ahora» without an SPFE configured says why, as an error', async () => {
    const sinDestino = 'La empresa no tiene configurada la dirección de la SPFE';
    mockFetch({
      'GET compras/fcompra/efactura/6': () => json(200, vista({ Decision: 'aceptada', Estados: [estado({})] })),
      'POST compras/fcompra/efactura/enviar': () =>
        json(200, { enviados: 0, rechazados: 0, pasos: 0, ocupado: false, error: sinDestino }),
    });
    renderUi(<EstadoEfacturaRecibida idDocumento={6} />, { session: fakeSession() });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    const aviso = await screen.findByText(sinDestino);
    expect(aviso.closest('.mantine-Notification-root')?.getAttribute('style') ?? '').toContain('red');
  });

  it('rejects with a reason: «other» asks for the words, the server’s refusal shows on its field', async () => {
    const cuerpos: unknown[] = [];
    mockFetch({
      'GET compras/fcompra/efactura/8': () => json(200, vista()),
      'POST compras/fcompra/efactura/rechazar/8': (init) => {
        cuerpos.push(JSON.parse(String(init.body)));
        return json(400, {
          Mensaje: 'Revisa los errores del formulario',
          Errores: [{ Campo: 'Detalle', Mensaje: 'La explicación no puede superar los 500 caracteres' }],
        });
      },
    });
    renderUi(<EstadoEfacturaRecibida idDocumento={8} />, { session: fakeSession() });
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar…' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Rechazar la factura' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Rechazar la factura' }));
    expect(await within(dialogo).findByText('Elige el motivo del rechazo')).toBeTruthy();
    await userEvent.click(
      within(dialogo).getByLabelText(/^Motivo del rechazo/, { selector: 'input:not([type=hidden])' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'OTH · Otro motivo (explícalo)', hidden: true }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Rechazar la factura' }));
    expect(await within(dialogo).findByText('Explica el motivo del rechazo')).toBeTruthy();
    expect(cuerpos).toEqual([]);
    await userEvent.type(within(dialogo).getByLabelText(/^Explicación para el emisor/), 'No es nuestra');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Rechazar la factura' }));
    expect(await within(dialogo).findByText('La explicación no puede superar los 500 caracteres')).toBeTruthy();
    expect(cuerpos).toEqual([{ Motivo: 'OTH', Detalle: 'No es nuestra' }]);
  });

  it('offers «Reintentar» on a status the platform refused, with its reason', async () => {
    const { calls } = mockFetch({
      'GET compras/fcompra/efactura/9': () =>
        json(
          200,
          vista({
            Decision: 'rechazada',
            Estados: [
              estado({
                Tipo: 'rechazada',
                Motivo: 'PRI',
                Envio: 'rechazado',
                Error: 'La factura no consta en la SPFE',
              }),
            ],
          }),
        ),
      'POST compras/fcompra/efactura/reintentar/1': () => json(200, estado({ Tipo: 'rechazada' })),
    });
    renderUi(<EstadoEfacturaRecibida idDocumento={9} />, { session: fakeSession() });
    expect(await screen.findByText('La factura no consta en la SPFE')).toBeTruthy();
    expect(screen.getByText('Los precios no son los acordados')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === 'compras/fcompra/efactura/reintentar/1')).toBe(true),
    );
  });
});
