import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi } from '../../test/render.tsx';
import { HomePage } from './HomePage.tsx';

/** the home page of each role says who I am, company, centre, time-clock state and has shortcuts. */
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

/** The office dashboard: figures first (one call, `informes/panel`), then the charts, for office users who see sales. */
describe('office dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());
  const tramos = (importes: string[]) =>
    (['sinvencer', '1-30', '31-60', '61-90', '90+'] as const).map((Tramo, i) => ({
      Tramo,
      Desde: i === 1 ? '2026-10-29' : null,
      Hasta: i === 1 ? '2026-11-27' : null,
      Importe: importes[i] ?? '0.00',
    }));
  const PANEL = {
    Hoy: '2026-11-28',
    VentasMes: { Mes: '2026-11', Base: '12345.50', Facturas: 3, BaseAnyoAnterior: '10000.00' },
    VentasAnyo: { Anyo: 2026, Base: '98765.40', Facturas: 40, BaseAnyoAnterior: '0.00' },
    Margen: { Coste: '60000.00', Margen: '38765.40', Porcentaje: '39.25' },
    VentasPorMes: [
      { Mes: '2026-10', Base: '800.00' },
      { Mes: '2026-11', Base: '12345.50' },
    ],
    VentasPorMesAnterior: [
      { Mes: '2025-10', Base: '700.00' },
      { Mes: '2025-11', Base: '10000.00' },
    ],
    MejoresClientes: [{ Id: 7, Nombre: 'Distribuciones Hermanos Martínez del Levante SL', Base: '45000.00' }],
    Cobros: {
      Pendiente: '1620.00',
      Vencido: '1120.00',
      Recibos: 4,
      Tramos: tramos(['500.00', '1000.00', '0.00', '0.00', '120.00']),
    },
    Pagos: { Pendiente: '300.00', Vencido: '0.00', Recibos: 1, Tramos: tramos(['300.00']) },
    Tesoreria: {
      Caja: '150.00',
      Bancos: '9800.25',
      Previsto: { Caja: '150.00', Bancos: '12000.00' },
      Cuentas: [],
    },
    ProximoPlazo: { Fecha: '2027-01-30', Descripcion: 'Cuarto trimestre 2026 (modelos 303, 130, 111 y 115)', Dias: 63 },
    Impuestos: [
      {
        Modelo: '303',
        Anyo: 2026,
        Periodo: '4T',
        Fecha: '2027-01-30',
        Dias: 63,
        Resultado: '390.64',
        Estado: 'pendiente',
        FechaPresentacion: null,
      },
      {
        Modelo: '111',
        Anyo: 2026,
        Periodo: '4T',
        Fecha: '2027-01-30',
        Dias: 63,
        Resultado: '91.50',
        Estado: 'presentada',
        FechaPresentacion: '2027-01-15',
      },
      {
        Modelo: '130',
        Anyo: 2026,
        Periodo: '4T',
        Fecha: '2027-01-30',
        Dias: 63,
        Resultado: '366.82',
        Estado: 'borrador',
        FechaPresentacion: null,
      },
    ],
  };
  const abrir = async (panel: object = PANEL) => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    const mock = mockFetch({ 'GET informes/panel': () => json(200, panel) });
    renderUi(<HomePage />, { session: fakeSession() });
    await waitFor(() => expect(screen.getByTestId('panel-oficina')).toBeTruthy());
    return mock;
  };
  const texto = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

  it('one call; sales of the month and year against last year, margin, cash now and forecast', async () => {
    const { calls } = await abrir();
    expect(calls.filter((c) => c.path.startsWith('informes/')).map((c) => c.path)).toEqual(['informes/panel']);
    expect(texto('panel-ventas-valor')).toBe('12.345,50 €');
    expect(texto('panel-ventas')).toContain('3 facturas');
    expect(texto('panel-ventas-anterior')).toBe('2025: 10.000,00 € (+23,5 %)');
    expect(texto('panel-anyo-valor')).toBe('98.765,40 €');
    // Nothing last year: no percentage against zero.
    expect(texto('panel-anyo-anterior')).toBe('2025 a la misma fecha: 0,00 €');
    expect(texto('panel-margen-valor')).toBe('38.765,40 €');
    expect(texto('panel-margen')).toContain('39,3 % de las ventas del año');
    expect(texto('panel-margen')).not.toContain('estimado');
    expect(texto('panel-tesoreria-valor')).toBe('9.950,25 €');
    expect(texto('panel-previsto')).toBe('Previsto: 12.150,00 €');
  });

  it('each tax model due with its amount, the deadline and whether it is filed', async () => {
    await abrir();
    expect(texto('impuesto-303-importe')).toBe('390,64 €');
    expect(texto('impuesto-111-importe')).toBe('91,50 €');
    expect(texto('impuesto-130-importe')).toBe('366,82 €');
    expect(texto('impuesto-303')).toContain('Sin presentar');
    expect(texto('impuesto-111')).toContain('Presentado el 15/01/2027');
    expect(texto('impuesto-130')).toContain('Borrador guardado');
    expect(texto('panel-plazo')).toBe('Plazo: 30/01/2027 (faltan 63 días)');
    expect(texto('panel-impuestos')).toContain('Impuestos 4T 2026');
    // Each card opens its model on its period.
    expect(screen.getByRole('link', { name: 'Modelo 303' }).getAttribute('href')).toBe(
      '/modtributarios/lista?Modelo=303&Periodo=4T&Ejercicio=2026',
    );
  });

  it('a margin counting lines without the cost taken at issuing says it is estimated', async () => {
    await abrir({ ...PANEL, Margen: { Coste: '60000.00', Margen: '38765.40', Porcentaje: '39.25', Estimado: true } });
    expect(texto('panel-margen')).toContain('39,3 % de las ventas del año (estimado)');
  });

  it('pending to collect and pay by age, each amount opening the list behind it', async () => {
    await abrir();
    expect(texto('panel-cobros-valor')).toBe('1.620,00 €');
    expect(texto('panel-pagos-valor')).toBe('300,00 €');
    const fila = within(screen.getByTestId('tramo-1-30'));
    expect(fila.getByRole('rowheader').textContent).toBe('Hasta 30 días');
    const enlace = fila.getByRole('link', { name: 'Por cobrar, hasta 30 días: 1.000,00 €' });
    expect(enlace.getAttribute('href')).toBe(
      '/movstesoreriac/lista?pestana=vencidas&vencdesde=2026-10-29&venchasta=2026-11-27',
    );
    const sinVencer = within(screen.getByTestId('tramo-sinvencer'));
    expect(sinVencer.getByRole('link', { name: 'Por pagar, sin vencer: 300,00 €' }).getAttribute('href')).toBe(
      '/fcompra/lista?cobro=Pendiente',
    );
    // A zero is plain text, not a link to an empty list.
    expect(within(screen.getByTestId('tramo-31-60')).queryAllByRole('link')).toEqual([]);
  });

  it('figures first: the panel comes right after the one-line greeting, before the shortcuts', async () => {
    await abrir();
    const panel = screen.getByTestId('panel-oficina');
    const saludo = screen.getByRole('heading', { level: 1 });
    expect(saludo.textContent).toBe('Hola, Demo');
    expect(saludo.closest('div')?.nextElementSibling).toBe(panel);
    const atajo = screen.getByRole('link', { name: 'Clientes' });
    expect(panel.compareDocumentPosition(atajo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The charts have a table for screen readers with the same figures.
    const tabla = await screen.findByRole('table', { name: /Ventas por mes/ });
    expect(within(tabla).getByRole('row', { name: /nov 26/ }).textContent).toContain('12.345,50 €');
    const clientes = screen.getByRole('table', { name: 'Mejores clientes de 2026' });
    expect(clientes.textContent).toContain('Distribuciones Hermanos Martínez del Levante SL45.000,00 €');
  });

  it('no tax cards for who may not read the models: the next deadline instead', async () => {
    await abrir({ ...PANEL, Impuestos: null });
    expect(screen.queryByTestId('panel-impuestos')).toBeNull();
    expect(texto('panel-plazo')).toBe('30/01/2027');
  });

  it('no dashboard (and no call) for a user without sales, nor for students', () => {
    const { calls } = mockFetch({ 'GET informes/panel': () => json(200, PANEL) });
    renderUi(<HomePage />, { session: fakeSession({ Denegados: ['VentasFact'] }) });
    expect(screen.queryByTestId('panel-oficina')).toBeNull();
    renderUi(<HomePage />, { session: fakeSession({ Roles: ['alumno'], TipoCuenta: 'academia' }) });
    expect(calls.filter((c) => c.path === 'informes/panel')).toEqual([]);
  });
});
