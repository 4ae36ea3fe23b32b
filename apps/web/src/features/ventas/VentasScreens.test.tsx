import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { VentasScreens } from './VentasScreens.tsx';
import { catalogos, PRESUPUESTO } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

function Pantalla() {
  const { action = '', '*': rest = '' } = useParams();
  return (
    <VentasScreens action={action} segments={['', ...rest.split('/')].slice(1)} route={{ title: action } as never} />
  );
}

function setup(path: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({ ...catalogos(), ...routes });
  renderUi(
    <Routes>
      <Route path="/:action/*" element={<Pantalla />} />
    </Routes>,
    { session: fakeSession(), path },
  );
  return net;
}

describe('sales screens routing', { timeout: 20_000 }, () => {
  it('Duplicar opens a new document of the same kind with the customer and the lines, dated today', async () => {
    const presupuesto = { ...PRESUPUESTO, NumSerie: 'P0003', Fecha: '2026-01-05' };
    const { calls } = setup('/pventa/editar/5', {
      'GET ventas/pventa/edit/5': () => json(200, presupuesto),
      'GET ventas/docventahist/pventa/5': () => json(200, { Items: [presupuesto] }),
      'POST ventas/pventa/save': () => json(201, { ...presupuesto, Id: 6 }),
      'GET ventas/pventa/edit/6': () => json(200, { ...presupuesto, Id: 6 }),
      'GET ventas/docventahist/pventa/6': () => json(200, { Items: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicar' }));
    expect(await screen.findByRole('heading', { name: 'Nuevo presupuesto' })).toBeTruthy();
    expect(screen.getByTestId('datos-cliente').textContent).toContain('Ferretería Ana SL');
    expect(screen.getByTestId('total').textContent).toBe('25,41 €');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toMatchObject({ Cliente: 7, Serie: null });
    expect(body.Fecha).not.toBe('2026-01-05');
    expect(body.Lineas).toHaveLength(1);
    expect(body.Lineas[0].Descripcion).toBe('Martillo');
  });

  it('docventahist/lista explains the history is per document and links to the invoices', async () => {
    setup('/docventahist/lista');
    expect((await screen.findByRole('link', { name: 'Ir a las facturas' })).getAttribute('href')).toBe('/fventa/lista');
  });
});
