import { type PermissionCode, resolveRoute } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Gate } from '../../app/Gate.tsx';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie, testContext } from '../../test/render.tsx';

/** The VAT types under the configuration hub: `configura/tiposiva/…` on the generic screens, through the Gate. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

const tipos = [
  {
    Id: 1,
    Valor: 'IVA21',
    Descripcion: 'IVA general 21%',
    Impuesto: 'IVA',
    Tipo: 'general',
    PorcentajeIva: '21.00',
    GeneraRecargo: true,
    PorcentajeRecargo: '5.20',
    Baja: false,
  },
  {
    Id: 2,
    Valor: 'IVA10',
    Descripcion: 'IVA reducido 10%',
    Impuesto: 'IVA',
    Tipo: 'reducido',
    PorcentajeIva: '10.00',
    GeneraRecargo: true,
    PorcentajeRecargo: '1.40',
    Baja: false,
  },
];

function renderAt(path: string, session = fakeSession()) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET rrhh/fichajesusu/list': () => json(200, { Items: [], Total: 0 }),
    'GET configuracion/centros/list': () =>
      json(200, { Items: [{ Id: 1, Val: 'C1', Desc: 'Central', Baja: false }], Total: 1 }),
    'GET configuracion/tiposiva/list': () => json(200, { Items: tipos, Total: 2, TotalLimitado: false }),
    'GET configuracion/tiposiva/edit/1': () => json(200, tipos[0]),
  });
  renderUi(
    <>
      <Gate />
      <Where />
    </>,
    { path, session },
  );
  return net;
}
const where = () => screen.getByTestId('where').textContent;
/** Lazy chunks on 2 shared cores: give the screens time. */
const slow = { timeout: 8000 };

describe('Tipos de IVA in the configuration hub', () => {
  it('the hub configura/lista links to configura/tiposiva/lista', async () => {
    renderAt('/configura/lista');
    const card = await screen.findByRole('link', { name: /Tipos de IVA/ }, slow);
    expect(card.getAttribute('href')).toBe('/configura/tiposiva/lista');
    fireEvent.click(card);
    await waitFor(() => expect(where()).toBe('/configura/tiposiva/lista'), slow);
    expect(await screen.findByRole('heading', { name: 'Tipos de IVA' }, slow)).toBeTruthy();
  });

  it('hides the entry from users without the company configuration permission', async () => {
    const sinConf = testContext();
    sinConf.Permisos = { ...sinConf.Permisos, ConfEmpresa: 0 } as Record<PermissionCode, 0 | 1 | 2 | 3>;
    renderAt('/configura/lista', fakeSession(sinConf));
    expect(await screen.findByRole('link', { name: /Series/ }, slow)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tipos de IVA/ })).toBeNull();
  });

  it('lists the types on the generic screen, its links staying under configura/tiposiva', async () => {
    const { calls } = renderAt('/configura/tiposiva/lista');
    const link = await screen.findByRole('link', { name: 'IVA general 21%' }, slow);
    expect(link.getAttribute('href')).toBe('/configura/tiposiva/editar/1');
    expect(screen.getByText('IVA reducido 10%')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Nuevo tipo de IVA/i }).getAttribute('href')).toBe(
      '/configura/tiposiva/nuevo',
    );
    expect(calls.some((c) => c.path === 'configuracion/tiposiva/list')).toBe(true);
    fireEvent.click(link);
    await waitFor(() => expect(where()).toBe('/configura/tiposiva/editar/1'), slow);
    expect(await screen.findByDisplayValue('IVA21', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.path === 'configuracion/tiposiva/edit/1')).toBe(true);
  });

  it('configura/tiposiva alone goes to its list', async () => {
    renderAt('/configura/tiposiva');
    await waitFor(() => expect(where()).toBe('/configura/tiposiva/lista'), slow);
  });

  it('is allowed by the route tables as the configura action (no new route in them)', () => {
    expect(resolveRoute('/configura/tiposiva/lista', testContext())).toMatchObject({
      kind: 'render',
      action: 'configura',
    });
    expect(resolveRoute('/tiposiva/lista', testContext())).toEqual({ kind: 'redirect', to: '/' });
  });
});
