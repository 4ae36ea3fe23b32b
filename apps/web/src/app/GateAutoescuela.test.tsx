import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi } from '../test/render.tsx';
import { Gate } from './Gate.tsx';

/** the driving school's simple entities show the generic screens, not 'En preparación'. */
const vehiculo = {
  Id: 7,
  Matricula: '1234LMN',
  Marca: 'Seat',
  Modelo: 'Ibiza',
  Permisos: 'B',
  DobleMando: true,
  FechaItv: '2027-03-01',
  FechaSeguro: '2026-12-20',
  Kilometros: 48210,
  Observaciones: '',
  Baja: false,
};
const curso = { Id: 3, Codigo: 'PB', Nombre: 'Permiso B', Permiso: 'B', PrecioPack: '600.00', Baja: false };

function renderAt(path: string) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  const fetched = mockFetch({
    'GET formacion/vehiculos/list': () => json(200, { Items: [vehiculo], Total: 1 }),
    'GET formacion/vehiculos/edit/7': () => json(200, vehiculo),
    'GET formacion/curpermisos/list': () => json(200, { Items: [curso], Total: 1 }),
    'GET configuracion/centros/list': () =>
      json(200, { Items: [{ Id: 1, Val: 'C1', Desc: 'Central', Baja: false }], Total: 1 }),
  });
  renderUi(<Gate />, { path, session: fakeSession({ TipoCuenta: 'autoescuela' }) });
  return fetched;
}

describe('driving-school entities on the generic screens', () => {
  it('lists the vehicles with plate and ITV from the API', async () => {
    const { calls } = renderAt('/vehiculos/lista');
    expect(await screen.findByRole('heading', { name: 'Vehículos' })).toBeTruthy();
    expect(await screen.findByText('1234LMN')).toBeTruthy();
    expect(screen.getAllByText('Próxima ITV').length).toBeGreaterThan(0);
    expect(screen.queryByText('En preparación')).toBeNull();
    expect(calls.some((c) => c.path === 'formacion/vehiculos/list')).toBe(true);
  });

  it('opens a vehicle form with its kilometres', async () => {
    renderAt('/vehiculos/editar/7');
    expect(await screen.findByDisplayValue('1234LMN')).toBeTruthy();
    expect(screen.getByLabelText(/Kilómetros/)).toBeTruthy();
  });

  it('lists the licence courses under the route title of the spec', async () => {
    renderAt('/curpermisos/lista');
    expect(await screen.findByRole('heading', { name: 'Cursos de permisos' })).toBeTruthy();
    expect(await screen.findByText('Permiso B')).toBeTruthy();
  });
});
