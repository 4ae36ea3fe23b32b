import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import { type ClienteCola, ColaTrabajo } from './ColaTrabajo.tsx';

const cliente = (Id: number, Nombre: string, over: Partial<ClienteCola> = {}): ClienteCola => ({
  Id,
  Codigo: Nombre.toUpperCase(),
  Nombre,
  NIF: 'B12345674',
  Nivel: 2,
  RechazosVerifactu: 0,
  FacturasSinNif: 0,
  RecibosDevueltos: 0,
  ApuntesSinConciliar: 0,
  EfacturasPorInformar: 0,
  UltimaActividad: null,
  Modelos: [{ Modelo: '303', Estado: 'borrador' }],
  TrimestresSinPresentar: [],
  Pendientes: 0,
  ...over,
});

function setup(items: ClienteCola[]) {
  const net = mockFetch({
    'GET asesorias/aseempresas/list': () =>
      json(200, {
        Items: items,
        Total: items.length,
        Plazo: { Periodo: '4T', Anyo: 2026, Fecha: '2027-01-30', Dias: 63 },
      }),
    'POST asesorias/aseempresas/entrar/1': () => json(200, { Nivel: 2 }),
    'GET asesorias/calendario': () =>
      json(200, {
        Items: [
          {
            IdEmpresa: 1,
            Empresa: 'Comercial Demo',
            Modelo: '303',
            Anyo: 2026,
            Periodo: '3T',
            Vence: '2026-10-20',
            Dias: -39,
            EstadoTexto: 'Preparado',
            Vencido: true,
          },
        ],
        Vencidos: 1,
      }),
  });
  const session = fakeSession({ TipoCuenta: 'asesoria', Roles: ['asesoria'] });
  renderUi(<ColaTrabajo />, { session });
  return { net, session };
}

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

describe('advisers’ work queue', () => {
  const demo = cliente(1, 'Comercial Demo', {
    RecibosDevueltos: 2,
    RechazosVerifactu: 1,
    EfacturasPorInformar: 3,
    TrimestresSinPresentar: [{ Anyo: 2026, Periodo: '3T', Fecha: '2026-10-20', Modelos: ['303', '111'] }],
    Pendientes: 4,
  });

  it('flags a past quarter never marked as filed, with its models and the deadline that passed', async () => {
    setup([cliente(2, 'Tranquila'), demo]);
    const tarjeta = await screen.findByRole('article', { name: 'Comercial Demo' });
    expect(
      within(tarjeta).getByRole('button', {
        name: '3T 2026 sin presentar: modelo 303, 111 (plazo vencido el 20/10/2026)',
      }),
    ).toBeTruthy();
    const tranquila = screen.getByRole('article', { name: 'Tranquila' });
    expect(within(tranquila).queryByRole('button', { name: /sin presentar/ })).toBeNull();
    // Most pending first.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Comercial Demo',
      'Tranquila',
    ]);
  });

  it.each([
    ['2 recibos devueltos', '/remesas/lista'],
    ['1 rechazos VeriFactu', '/fventaverifactu/lista?estado=rechazado'],
    ['Modelo 303 en borrador', '/calendariofiscal/lista?Anyo=2026&Ver=pendientes'],
    [
      '3T 2026 sin presentar: modelo 303, 111 (plazo vencido el 20/10/2026)',
      '/calendariofiscal/lista?Anyo=2026&Ver=vencidos',
    ],
  ])('the counter “%s” enters the client and opens %s', async (nombre, destino) => {
    const { net, session } = setup([demo]);
    const tarjeta = await screen.findByRole('article', { name: 'Comercial Demo' });
    await userEvent.click(within(tarjeta).getByRole('button', { name: nombre }));
    await waitFor(() => expect(session.changeCompany).toHaveBeenCalledWith(1, destino));
    expect(net.calls.some((c) => c.method === 'POST' && c.path === 'asesorias/aseempresas/entrar/1')).toBe(true);
  });

  it('beside the queue, the clients’ fiscal calendar: an overdue model enters the client and opens its calendar', async () => {
    const { session } = setup([demo]);
    const linea = await screen.findByRole('button', {
      name: 'Comercial Demo: modelo 303 3T 2026 · vencido el 20/10/2026',
    });
    await userEvent.click(linea);
    await waitFor(() =>
      expect(session.changeCompany).toHaveBeenCalledWith(1, '/calendariofiscal/lista?Anyo=2026&Ver=vencidos'),
    );
  });

  it('a zero is not a link; the queue is cards, no wide table (fits a phone)', async () => {
    setup([demo]);
    const tarjeta = await screen.findByRole('article', { name: 'Comercial Demo' });
    expect(within(tarjeta).queryByRole('button', { name: '0 facturas sin NIF' })).toBeNull();
    expect(within(tarjeta).getByText('0 facturas sin NIF')).toBeTruthy();
    expect(within(tarjeta).getByRole('button', { name: '3 facturas electrónicas por informar' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
