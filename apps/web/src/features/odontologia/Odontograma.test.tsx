import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { Odontograma } from './Odontograma.tsx';

const marca = (over: Record<string, unknown>) => ({
  Id: 1,
  Pieza: 16,
  Caras: 'MO',
  IdProducto: 7,
  Descripcion: 'Empaste',
  Estado: 'planificado',
  Fecha: null,
  IdDentista: 3,
  IdPlan: null,
  Precio: null,
  ...over,
});

function setup() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET odontologia/odontograma/5': () =>
      json(200, {
        Paciente: { Id: 5, Nombre: 'Ana Martín' },
        Marcas: [marca({}), marca({ Id: 2, Pieza: 47, Caras: 'O', Estado: 'realizado', Fecha: '2099-01-10' })],
      }),
    'GET odontologia/citas/recursos': () => json(200, { Dentistas: [{ Id: 3, Nombre: 'Laura Vidal' }], Sillones: [] }),
    'GET odontologia/tratamientos/list': () =>
      json(200, { Items: [{ Id: 7, Codigo: '1', Descripcion: 'Empaste', PrecioVenta: '65.00', Baja: false }] }),
    'POST odontologia/odontograma/5': () => json(201, marca({ Id: 3, Pieza: 16, Caras: 'D' })),
    'PUT odontologia/odontograma/marca/1': () => json(200, marca({ Estado: 'realizado' })),
  });
  renderUi(<Odontograma idPaciente={5} />, { session: fakeSession({ TipoCuenta: 'odontologia' }) });
  return net;
}

describe('odontogram screen', () => {
  it('names every FDI tooth with what it has and moves between teeth by keyboard', async () => {
    setup();
    const t16 = await screen.findByRole('button', { name: 'Pieza 16: 1 planificado' });
    expect(screen.getByRole('button', { name: 'Pieza 47: 1 realizado' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pieza 11: sin tratamientos' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pieza \d\d:/ })).toHaveLength(32);
    t16.focus();
    fireEvent.keyDown(t16, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Pieza 15: sin tratamientos');
    fireEvent.click(screen.getByRole('radio', { name: 'Temporal' }));
    expect(await screen.findAllByRole('button', { name: /^Pieza \d\d:/ })).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Pieza 55: sin tratamientos' })).toBeTruthy();
  });

  it('opens a tooth: its marks with surfaces by name, carries out a planned one, adds a mark on chosen surfaces', async () => {
    const net = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Pieza 16: 1 planificado' }));
    const panel = await screen.findByRole('region', { name: 'Pieza 16' });
    expect(within(panel).getByText('Mesial, Oclusal')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar realizado' }));
    await waitFor(() =>
      expect(net.calls.some((c) => c.method === 'PUT' && c.path === 'odontologia/odontograma/marca/1')).toBe(true),
    );
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'D · Distal' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'M · Mesial' }));
    fireEvent.change(within(panel).getByLabelText(/Descripción/), { target: { value: 'Caries' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Añadir a la pieza 16' }));
    await waitFor(() => {
      const post = net.calls.find((c) => c.method === 'POST' && c.path === 'odontologia/odontograma/5');
      expect(post && JSON.parse(String(post.init.body))).toMatchObject({
        Pieza: 16,
        Caras: 'MD',
        Descripcion: 'Caries',
        Estado: 'planificado',
      });
    });
  });
});
