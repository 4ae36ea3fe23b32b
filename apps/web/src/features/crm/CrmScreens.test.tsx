import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ContactoCrm } from './ContactoCrm.tsx';
import { OportunidadesPage } from './OportunidadesPage.tsx';

const op = (Id: number, Titulo: string, LinFaseEmbudo: number, over: Record<string, unknown> = {}) => ({
  Id,
  IdEmbudo: 1,
  LinFaseEmbudo,
  TipoContacto: 'c',
  IdContacto: 4,
  Contacto: 'Ferretería La Esquina SL',
  Titulo,
  Importe: 1000,
  FechaCierre: '2026-12-15',
  Probabilidad: 1,
  IdComercial: null,
  Comercial: null,
  Estado: 0,
  MotivoPerdida: null,
  Notas: null,
  IdPresupuesto: null,
  ...over,
});
const fases = [
  { Linea: 1, Nombre: 'Contacto', Probabilidad: 10 },
  { Linea: 2, Nombre: 'Propuesta', Probabilidad: 50 },
];

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  return mockFetch({
    'GET ventas/crmembudos/list': () =>
      json(200, { Items: [{ Id: 1, Nombre: 'Ventas', Baja: false, Fases: fases }], Total: 1, TotalLimitado: false }),
    'GET ventas/crmoportuni/kanban/1': () =>
      json(200, {
        Embudo: { Id: 1, Nombre: 'Ventas' },
        Columnas: [
          { ...fases[0], Total: 1000, Ponderado: 100, Items: [op(7, 'Reforma del local', 1)] },
          { ...fases[1], Total: 0, Ponderado: 0, Items: [] },
        ],
        Total: 1000,
        Ponderado: 100,
      }),
    'POST ventas/crmoportuni/mover/7': (init) =>
      json(200, {
        Mensaje: 'Oportunidad movida a Propuesta',
        Oportunidad: op(7, 'Reforma del local', JSON.parse(String(init.body)).LinFaseEmbudo),
      }),
    'GET ventas/crmoportuni/list': () =>
      json(200, { Items: [op(8, 'Tejado nuevo', 2, { Estado: 1 })], Total: 1, TotalLimitado: false }),
    ...extra,
  });
}

describe('CRM screens', () => {
  it('moves an opportunity with the keyboard through "Mover a…" (saved at once)', async () => {
    const net = setup();
    renderUi(<OportunidadesPage />, { session: fakeSession(), path: '/crmoportuni/lista' });
    const mover = await screen.findByRole('button', { name: 'Mover a… Reforma del local' });
    mover.focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Propuesta', hidden: true });
    item.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(net.calls.some((c) => c.method === 'POST' && c.path === 'ventas/crmoportuni/mover/7')).toBe(true),
    );
    const call = net.calls.find((c) => c.path === 'ventas/crmoportuni/mover/7')!;
    expect(JSON.parse(String(call.init.body))).toEqual({ LinFaseEmbudo: 2 });
    expect(await screen.findByText('Oportunidad movida a Propuesta')).toBeTruthy();
  });

  it('the list view sends its filters (status, search) to the API', async () => {
    const net = setup();
    renderUi(<OportunidadesPage />, { session: fakeSession(), path: '/crmoportuni/lista?vista=lista&estado=1' });
    expect(await screen.findByText('Tejado nuevo')).toBeTruthy();
    const lista = net.calls.filter((c) => c.path === 'ventas/crmoportuni/list');
    const filtros = JSON.parse(lista.at(-1)!.url.searchParams.get('Filtros') ?? '{}');
    expect(filtros).toMatchObject({ Estado: 1 });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'tejado' } });
    await waitFor(() => {
      const last = net.calls.filter((c) => c.path === 'ventas/crmoportuni/list').at(-1)!;
      expect(JSON.parse(last.url.searchParams.get('Filtros') ?? '{}')).toMatchObject({ Estado: 1, Buscar: 'tejado' });
    });
  });

  const responsable = () =>
    screen.getByLabelText('Responsable', { selector: 'input:not([type=hidden])' }) as HTMLInputElement;
  it("a customer's timeline lists their opportunities and activities and adds one for the chosen owner", async () => {
    const actividades: Record<string, unknown>[] = [
      {
        Id: 3,
        Tipo: 'llamada',
        Asunto: 'Llamar por el presupuesto',
        Inicio: '2026-11-10T09:00:00Z',
        Hecha: false,
        IdResponsable: 1,
        Contacto: 'Ferretería La Esquina SL',
        Oportunidad: null,
      },
    ];
    const net = setup({
      'GET ventas/crmactividades/list': () => json(200, { Items: actividades, Total: 1, TotalLimitado: false }),
      'GET ventas/crmactividades/responsables': () =>
        json(200, {
          Items: [
            { Id: 1, Nombre: 'Demo Demo', Yo: true },
            { Id: 2, Nombre: 'Carmen Ruiz', Yo: false },
          ],
        }),
      'POST ventas/crmactividades/save': (init) => {
        actividades.unshift({ Id: 9, ...JSON.parse(String(init.body)), Hecha: false });
        return json(201, actividades[0]);
      },
    });
    renderUi(<ContactoCrm tipo="c" id={4} readOnly={false} />, { session: fakeSession(), path: '/clientes/editar/4' });
    const enlace = await screen.findByRole('link', { name: 'Tejado nuevo' });
    expect(enlace.getAttribute('href')).toBe('/crmoportuni/lista?oportunidad=8');
    const pedida = net.calls.find((c) => c.path === 'ventas/crmoportuni/list')!;
    expect(JSON.parse(pedida.url.searchParams.get('Filtros')!)).toMatchObject({ TipoContacto: 'c', IdContacto: 4 });
    expect(await screen.findByText('Llamar por el presupuesto')).toBeTruthy();
    await waitFor(() => expect(responsable().value).toBe('Demo Demo'));
    await userEvent.click(responsable());
    await userEvent.click(await screen.findByRole('option', { name: 'Carmen Ruiz', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Asunto/), { target: { value: 'Visita a la tienda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir actividad' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(net.calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toMatchObject({ TipoContacto: 'c', IdContacto: 4, Asunto: 'Visita a la tienda', IdResponsable: 2 });
  });
});
