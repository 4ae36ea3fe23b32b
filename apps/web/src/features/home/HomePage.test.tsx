import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi } from '../../test/render.tsx';
import { HomePage } from './HomePage.tsx';

/** Issue 3 §7: the home page of each role says who I am, company, centre, time-clock state and has shortcuts. */
describe('home page', () => {
  it('office user: who, company, centre, time-clock state and shortcuts from the menu', () => {
    renderUi(<HomePage />, {
      session: fakeSession({ FichajeActivo: true, EstadoFichaje: 'p', Centros: [{ Val: 'C1', Desc: 'Central' }] }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hola, Demo');
    expect(screen.getByTestId('home-usuario').textContent).toBe('demo');
    expect(screen.getByTestId('home-empresa').textContent).toBe('Comercial Demo SL');
    expect(screen.getByTestId('home-centro').textContent).toBe('Central');
    expect(screen.getByTestId('home-fichaje').textContent).toBe('Pausa');
    expect(screen.getByRole('link', { name: 'Ir a mis fichajes' }).getAttribute('href')).toBe('/usuario/fichajes');
    expect(screen.getByRole('link', { name: 'Clientes' }).getAttribute('href')).toBe('/clientes/lista');
  });

  it('no time-clock card for a user without the time clock; a student gets the portal shortcuts', () => {
    renderUi(<HomePage />, {
      session: fakeSession({ Roles: ['alumno'], TipoCuenta: 'academia', FichajeActivo: false, Propietario: false }),
    });
    expect(screen.queryByTestId('home-fichaje')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mi horario' }).getAttribute('href')).toBe('/portaluhorario/lista');
    expect(screen.queryByRole('link', { name: 'Clientes' })).toBeNull();
  });
});

/** Issue 15: the office dashboard (cards and charts from `informes/panel`), only for office users who see sales. */
describe('office dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());
  const PANEL = {
    Hoy: '2026-04-10',
    VentasMes: { Mes: '2026-04', Base: '12345.50', Facturas: 3 },
    VentasPorMes: [
      { Mes: '2026-03', Base: '800.00' },
      { Mes: '2026-04', Base: '12345.50' },
    ],
    Cobros: { Pendiente: '500.00', Vencido: '120.00', Recibos: 2 },
    Pagos: { Pendiente: '300.00', Vencido: '0.00', Recibos: 1 },
    Tesoreria: { Caja: '150.00', Bancos: '9800.25', Cuentas: [] },
    ProximoPlazo: { Fecha: '2026-04-20', Descripcion: 'Primer trimestre 2026 (modelos 303, 130, 111 y 115)', Dias: 10 },
  };

  it('shows the month sales, pending and overdue, cash and bank, the next tax deadline and two charts', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    const { calls } = mockFetch({ 'GET informes/panel': () => json(200, PANEL) });
    renderUi(<HomePage />, { session: fakeSession() });
    await waitFor(() => expect(screen.getByTestId('panel-oficina')).toBeTruthy());
    expect(calls.map((c) => c.path)).toContain('informes/panel');
    const valor = (id: string) => screen.getByTestId(`${id}-valor`).textContent?.replace(/\s/g, ' ');
    expect(valor('panel-ventas')).toBe('12.345,50 €');
    expect(screen.getByTestId('panel-ventas').textContent).toContain('3 facturas');
    expect(valor('panel-cobros')).toBe('500,00 €');
    expect(screen.getByTestId('panel-cobros').textContent).toContain('Vencido: 120,00 €');
    expect(valor('panel-bancos')).toBe('9.800,25 €');
    expect(valor('panel-plazo')).toBe('20/04/2026');
    expect(screen.getByTestId('panel-plazo').textContent).toContain('faltan 10 días');
    const graficos = screen.getAllByRole('img');
    expect(graficos.map((g) => g.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Ventas por mes',
      'Cobros y pagos pendientes',
    ]);
    expect(graficos[0]!.getAttribute('aria-label')).toContain('abr 26 12.345,50 €');
    // Everything the page showed before is still there.
    expect(screen.getByTestId('home-empresa').textContent).toBe('Comercial Demo SL');
    // The panel arrives after the page, so it comes last: nothing the user may be reaching for is pushed down
    // (above the shortcuts it moved them out of view, a layout shift the web bench measured at 0.13).
    const panel = screen.getByTestId('panel-oficina');
    const atajo = screen.getByRole('link', { name: 'Clientes' });
    expect(atajo.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(panel.nextElementSibling).toBeNull();
  });

  it('no dashboard (and no call) for a user without sales, nor for students', () => {
    const { calls } = mockFetch({ 'GET informes/panel': () => json(200, PANEL) });
    renderUi(<HomePage />, { session: fakeSession({ Denegados: ['VentasFact'] }) });
    expect(screen.queryByTestId('panel-oficina')).toBeNull();
    renderUi(<HomePage />, { session: fakeSession({ Roles: ['alumno'], TipoCuenta: 'academia' }) });
    expect(calls.filter((c) => c.path === 'informes/panel')).toEqual([]);
  });
});
