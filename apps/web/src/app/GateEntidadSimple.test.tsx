import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi } from '../test/render.tsx';
import { Gate } from './Gate.tsx';

/**
 * a simple entity added by the recipe (entity, registry, server table) gets its screens with no web
 * change. `examinadores` was 'En preparación' before.
 */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

const examinador = {
  Id: 4,
  Codigo: 'EX01',
  Nombre: 'Lucía Ortega Ruiz',
  JefaturaTrafico: 'Madrid',
  Telefono: '',
  Email: '',
  Observaciones: '',
  Baja: false,
};

function renderAt(
  path: string,
  tipoCuenta: 'autoescuela' | 'academia',
  session = fakeSession({ TipoCuenta: tipoCuenta }),
) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  const fetched = mockFetch({
    'GET formacion/examinadores/list': () => json(200, { Items: [examinador], Total: 1 }),
    'GET formacion/examinadores/edit/4': () => json(200, examinador),
    'GET configuracion/centros/list': () =>
      json(200, { Items: [{ Id: 1, Val: 'C1', Desc: 'Central', Baja: false }], Total: 1 }),
  });
  renderUi(
    <>
      <Gate />
      <Where />
    </>,
    { path, session },
  );
  return fetched;
}

describe('a simple entity of the registry on the generic screens (examinadores)', () => {
  it('a driving school lists its examiners from the API instead of "En preparación"', async () => {
    const { calls } = renderAt('/examinadores/lista', 'autoescuela');
    expect(await screen.findByRole('heading', { name: 'Examinadores' })).toBeTruthy();
    expect(await screen.findByText('Lucía Ortega Ruiz')).toBeTruthy();
    expect(screen.getAllByText('Jefatura de Tráfico').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Nuevo examinador' })).toBeTruthy();
    expect(screen.queryByText('En preparación')).toBeNull();
    expect(calls.some((c) => c.path === 'formacion/examinadores/list')).toBe(true);
  });

  it('opens the form of one examiner with its fields', async () => {
    renderAt('/examinadores/editar/4', 'autoescuela');
    expect(await screen.findByDisplayValue('Lucía Ortega Ruiz')).toBeTruthy();
    expect(screen.getByLabelText(/Jefatura de Tráfico/)).toBeTruthy();
    expect(screen.queryByText('En preparación')).toBeNull();
  });

  it('an academy (not a driving school) is logged out: the route belongs to driving schools only', async () => {
    const session = fakeSession({ TipoCuenta: 'academia' });
    const { calls } = renderAt('/examinadores/lista', 'academia', session);
    await waitFor(() => expect(session.logout).toHaveBeenCalled());
    expect(calls.some((c) => c.path === 'formacion/examinadores/list')).toBe(false);
  });
});
