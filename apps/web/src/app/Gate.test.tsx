import type { InfoEmpresa } from '@faro/domain';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, testContext } from '../test/render.tsx';
import { Gate } from './Gate.tsx';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderGate(path: string, session = fakeSession()) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  mockFetch({
    'GET rrhh/fichajesusu/list': () => json(200, { Items: [], Total: 0 }),
    'GET configuracion/centros/list': () =>
      json(200, { Items: [{ Id: 1, Val: 'C1', Desc: 'Central', Baja: false }], Total: 1 }),
  });
  return renderUi(
    <>
      <Gate />
      <Where />
    </>,
    { path, session },
  );
}

const where = () => screen.getByTestId('where').textContent;
const as = (over: Partial<InfoEmpresa>) => fakeSession(over);

describe('route gate', () => {
  it('logged out on a private route goes to the login', async () => {
    renderGate('/clientes/lista', { ...fakeSession(), state: { status: 'anon' } });
    await waitFor(() => expect(where()).toBe('/registro'));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it('logged out on a private route remembers it; once signed in, the login sends the tab back there', async () => {
    renderGate('/clientes/lista?Buscar=Ana', { ...fakeSession(), state: { status: 'anon' } });
    await waitFor(() => expect(where()).toBe('/registro'));
    expect(sessionStorage.getItem('faro.volver')).toBe('/clientes/lista?Buscar=Ana');
  });

  it('signed in on the login page goes to the remembered page (once), never off the origin', async () => {
    sessionStorage.setItem('faro.volver', '/clientes/lista?Buscar=Ana');
    const first = renderGate('/registro/DEMO');
    await waitFor(() => expect(where()).toBe('/clientes/lista?Buscar=Ana'));
    first.unmount();
    const again = renderGate('/registro');
    await waitFor(() => expect(where()).toBe('/'));
    again.unmount();
    sessionStorage.setItem('faro.volver', '//malicioso.example/robar');
    renderGate('/registro');
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('logged in, registro goes home', async () => {
    renderGate('/registro', as({}));
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByText(/Hola,/)).toBeTruthy();
  });

  it('the admin lands on admempresas/lista', async () => {
    renderGate('/', as({ Roles: ['admin'] }));
    await waitFor(() => expect(where()).toBe('/admempresas/lista'));
    expect(await screen.findByRole('button', { name: 'Nueva empresa' })).toBeTruthy();
    expect(screen.queryByText('En preparación')).toBeNull();
  });

  it('a teacher on a blocked user route goes to horario/lista', async () => {
    renderGate('/clientes/lista', as({ Roles: ['profesor'], TipoCuenta: 'academia' }));
    await waitFor(() => expect(where()).toBe('/horario/lista'));
  });

  it('time-clock-only users land on usuario/fichajes with no side menu', async () => {
    renderGate('/', as({ Roles: ['reghorario'], FichajeActivo: true }));
    await waitFor(() => expect(where()).toBe('/usuario/fichajes'));
    expect(await screen.findByRole('button', { name: 'Fichar' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
  });

  it('a hash URL is rewritten to {segment}/lista', async () => {
    renderGate('/#/centros/editar/3', as({}));
    await waitFor(() => expect(where()).toBe('/centros/lista'));
  });

  it('a route without view opens its list', async () => {
    renderGate('/modtributarios', as({}));
    await waitFor(() => expect(where()).toBe('/modtributarios/lista'));
    // The tax models' screen, no longer 'En preparación'.
    expect(await screen.findByRole('heading', { name: 'Modelos tributarios' })).toBeTruthy();
    expect(screen.queryByText('En preparación')).toBeNull();
  });

  it('a module gate sends home', async () => {
    renderGate('/pventa/lista', as({ Modulos: { ...testContext().Modulos, ActPresupuestos: false } }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it("shows the test banner and the 'Aviso Legal' modal", async () => {
    renderGate('/', as({ EntidadPruebas: true, CondicionesAceptadas: false }));
    expect(await screen.findByText('ENTORNO DE PRUEBAS')).toBeTruthy();
    const contratar = screen.getByRole('link', { name: 'Contratar' });
    expect(contratar.getAttribute('href')).toBe('/contratacion/nuevo');
    expect(contratar.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText('Aviso Legal')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});
