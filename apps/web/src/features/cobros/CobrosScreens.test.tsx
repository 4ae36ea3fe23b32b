import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CobrosPage } from './CobrosPage.tsx';
import { cobroBody, pendienteDe, trimestre, trimestreDe } from './cobrosModel.ts';
import { LibroFacturasEmitidas } from './LibroFacturas.tsx';
import { LADO_PAGOS } from './ladoPagos.ts';

const list =
  (items: unknown[], extra: Record<string, unknown> = {}) =>
  () =>
    json(200, { Items: items, Total: items.length, ...extra });

function auth() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
}

const cobros = [
  {
    Id: 1,
    IdFactura: 7,
    Fecha: '2026-11-02',
    Importe: '150.00',
    IdTesoreria: 3,
    IdConcepto: null,
    Notas: null,
    NumSerie: 'F2026-7',
    ClienteNombre: 'Ferretería Norte',
  },
];
const vencidas = [
  {
    Id: 9,
    NumSerie: 'F2026-9',
    Fecha: '2026-08-01',
    Cliente: 4,
    ClienteNombre: 'Bar Sur',
    Total: '300.00',
    Cobrado: '100.00',
    Pendiente: '200.00',
    ImporteVencido: '100.00',
    PrimerVencimiento: '2026-09-30',
    DiasVencida: 53,
  },
];

function setupCobros(routes: Parameters<typeof mockFetch>[0] = {}) {
  auth();
  const net = mockFetch({
    'GET tesoreria/movstesoreriac/list': list(cobros),
    'GET tesoreria/tesoreria/list': list([
      { Id: 3, Nombre: 'Banco principal', Baja: false },
      { Id: 4, Nombre: 'Caja', Baja: false },
    ]),
    'GET ventas/fventa/vencidas': list(vencidas, { Fecha: '2026-11-22' }),
    'GET ventas/fventa/list': list([
      { Id: 9, NumSerie: 'F2026-9', ClienteNombre: 'Bar Sur', Total: '300.00', EstadoCobro: 'Cobrado parcialmente' },
      { Id: 7, NumSerie: 'F2026-7', ClienteNombre: 'Ferretería Norte', Total: '150.00', EstadoCobro: 'Cobrado' },
    ]),
    'GET ventas/fventa/edit/9': () =>
      json(200, {
        Id: 9,
        Total: '300.00',
        Vencimientos: [
          { Plazo: 1, Fecha: '2026-09-30', Importe: '150.00', Pendiente: '50.00' },
          { Plazo: 2, Fecha: '2026-10-30', Importe: '150.00', Pendiente: '150.00' },
        ],
      }),
    ...routes,
  });
  renderUi(<CobrosPage title="Cobros" />, { session: fakeSession() });
  return net;
}

describe('collections (movstesoreriac)', () => {
  it('lists collections with invoice, customer, account and amount, and filters by account and dates', async () => {
    const { calls } = setupCobros();
    const table = await screen.findByTestId('lista-cobros');
    expect(await within(table).findByText('F2026-7')).toBeTruthy();
    expect(within(table).getByText('Ferretería Norte')).toBeTruthy();
    expect(await within(table).findByText('Banco principal')).toBeTruthy();
    expect(within(table).getByText('150,00 €')).toBeTruthy();
    // The invoice number opens the invoice.
    expect(within(table).getByRole('link', { name: 'F2026-7' }).getAttribute('href')).toBe('/fventa/editar/7');
    // Dates are typed the Spanish way (dd/mm/aaaa), whatever the browser's language.
    const desde = screen.getByLabelText('Desde') as HTMLInputElement;
    expect(desde.placeholder).toBe('dd/mm/aaaa');
    fireEvent.focus(desde);
    fireEvent.change(desde, { target: { value: '01/11/2026' } });
    fireEvent.blur(desde);
    await userEvent.click(screen.getByLabelText('Cuenta', { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Caja', hidden: true }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === 'tesoreria/movstesoreriac/list').at(-1)!;
      expect(JSON.parse(last.url.searchParams.get('Filtros')!)).toEqual({ FechaDesde: '2026-11-01', IdTesoreria: 4 });
    });
  });

  it('with no collections yet, says how to register one', async () => {
    setupCobros({ 'GET tesoreria/movstesoreriac/list': list([]) });
    expect(
      await screen.findByText('Todavía no hay cobros: regístralos con «Nuevo cobro» o desde una factura emitida'),
    ).toBeTruthy();
  });

  it('shows the overdue invoices with days overdue and pending amounts', async () => {
    setupCobros();
    fireEvent.click(await screen.findByRole('tab', { name: 'Vencidas' }));
    const table = await screen.findByTestId('lista-vencidas');
    expect(await within(table).findByText('F2026-9')).toBeTruthy();
    expect(within(table).getByText('53')).toBeTruthy();
    expect(within(table).getByText('200,00 €')).toBeTruthy();
    expect(within(table).getByText('30/09/2026')).toBeTruthy();
  });

  it('Nuevo cobro: proposes the pending amount of the chosen invoice and posts the collection', async () => {
    const { calls } = setupCobros({ 'POST tesoreria/movstesoreriac/save': () => json(201, { Id: 2 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo cobro' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Factura es obligatorio')).toBeTruthy();
    // Date and amount stay aligned at the top when only one of them shows an error.
    expect(within(dialog).getByTestId('fecha-importe').style.getPropertyValue('--group-align')).toBe('flex-start');
    await userEvent.click(within(dialog).getByLabelText(/^Factura/, { selector: 'input:not([type=hidden])' }));
    // Only invoices not fully collected are offered.
    expect(screen.queryByRole('option', { name: /F2026-7/, hidden: true })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: /F2026-9/, hidden: true }));
    expect((await within(dialog).findByTestId('pendiente')).textContent).toContain('200,00 €');
    expect((within(dialog).getByLabelText(/^Importe/) as HTMLInputElement).value).toBe('200,00');
    await userEvent.click(within(dialog).getByLabelText(/^Cuenta/, { selector: 'input:not([type=hidden])' }));
    // The page's account filter has the same options: the modal's list is the last one.
    await userEvent.click((await screen.findAllByRole('option', { name: 'Banco principal', hidden: true })).at(-1)!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toMatchObject({ IdFactura: 9, Importe: '200.00', IdTesoreria: 3, Notas: null });
  });
});

describe('issued-invoice book (factemitidas)', () => {
  it('opens on this quarter and shows the rows, the totals per rate and the export menu', async () => {
    auth();
    const { calls } = mockFetch({
      'GET impuestos/factemitidas/list': () =>
        json(200, {
          Items: [
            {
              Id: 1,
              Fecha: '2026-10-03',
              NumSerie: 'F2026-1',
              ClienteNombre: 'Bar Sur',
              ClienteNIF: 'B12345674',
              Impuesto: 'IVA',
              PorcentajeIva: '21.00',
              Base: '100.00',
              Cuota: '21.00',
              PorcentajeRecargo: '0.00',
              CuotaRecargo: '0.00',
              Retencion: '0.00',
              Total: '121.00',
            },
          ],
          Total: 1,
          Totales: {
            PorTipo: [
              {
                Impuesto: 'IVA',
                PorcentajeIva: '21.00',
                PorcentajeRecargo: '0.00',
                Base: '100.00',
                Cuota: '21.00',
                CuotaRecargo: '0.00',
              },
            ],
            General: {
              Facturas: 1,
              Base: '100.00',
              Cuota: '21.00',
              CuotaRecargo: '0.00',
              Retencion: '0.00',
              Total: '121.00',
            },
          },
        }),
    });
    renderUi(<LibroFacturasEmitidas title="Facturas emitidas" today="2026-11-22" />, { session: fakeSession() });
    const table = await screen.findByTestId('libro-emitidas');
    expect(await within(table).findByText('F2026-1')).toBeTruthy();
    expect(within(table).getByText('B12345674')).toBeTruthy();
    const totales = await screen.findByTestId('totales-libro');
    expect(within(totales).getByText('IVA 21,00 %')).toBeTruthy();
    expect(within(totales).getByText('Total (1 factura)')).toBeTruthy();
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('01/10/2026');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('31/12/2026');
    // The year takes digits only.
    fireEvent.change(screen.getByLabelText('Año'), { target: { value: '20x' } });
    expect((screen.getByLabelText('Año') as HTMLInputElement).value).toBe('20');
    fireEvent.change(screen.getByLabelText('Año'), { target: { value: '2026' } });
    const first = calls.find((c) => c.path === 'impuestos/factemitidas/list')!;
    expect(JSON.parse(first.url.searchParams.get('Filtros')!)).toEqual({
      FechaDesde: '2026-10-01',
      FechaHasta: '2026-12-31',
    });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Trimestre', { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: '1.º trimestre', hidden: true }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === 'impuestos/factemitidas/list').at(-1)!;
      expect(JSON.parse(last.url.searchParams.get('Filtros')!)).toEqual({
        FechaDesde: '2026-01-01',
        FechaHasta: '2026-03-31',
      });
    });
  });
});

describe('received-invoice book (factrecibidas)', () => {
  it("shows each row's registration number and the supplier's invoice number", async () => {
    const importes = { Base: '100.00', Cuota: '21.00', CuotaRecargo: '0.00', Retencion: '0.00', Total: '121.00' };
    auth();
    mockFetch({
      'GET impuestos/factrecibidas/list': list(
        [
          {
            Id: 7,
            Tipo: 'factura',
            Fecha: '2026-10-05',
            NumRegistro: 'FC0043',
            FechaFactura: '2026-10-02',
            NumFactura: 'GM-2026/118',
            ProveedorNombre: 'Gasóleos del Mediterráneo SL',
            ProveedorNIF: 'B46000001',
            Impuesto: 'IVA',
            PorcentajeIva: '21.00',
            PorcentajeRecargo: '0.00',
            ...importes,
          },
        ],
        {
          Totales: {
            PorTipo: [],
            General: { Facturas: 1, ...importes },
          },
        },
      ),
    });
    renderUi(<LibroFacturasEmitidas title="Facturas recibidas" today="2026-11-22" lado={LADO_PAGOS} />, {
      session: fakeSession(),
    });
    const table = await screen.findByTestId('libro-emitidas');
    const cabeceras = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(cabeceras.slice(0, 4)).toEqual(['Fecha', 'Nº registro', 'Nº factura', 'Proveedor']);
    expect(await within(table).findByText('GM-2026/118')).toBeTruthy();
    const celdas = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(celdas.slice(0, 5)).toEqual([
      '05/10/2026',
      'FC0043',
      'GM-2026/118',
      'Gasóleos del Mediterráneo SL',
      'B46000001',
    ]);
  });
});

describe('model', () => {
  it('computes quarters, pending amounts and the collection body', () => {
    expect(trimestre(2024, 1)).toEqual({ FechaDesde: '2024-01-01', FechaHasta: '2024-03-31' });
    expect(trimestre(2026, 2)).toEqual({ FechaDesde: '2026-04-01', FechaHasta: '2026-06-30' });
    expect(trimestreDe('2026-11-22')).toEqual({ anyo: 2026, t: 4 });
    expect(
      pendienteDe([
        { Plazo: 1, Fecha: '', Importe: '', Pendiente: '0.10' },
        { Plazo: 2, Fecha: '', Importe: '', Pendiente: '0.20' },
      ]),
    ).toBe('0.30');
    expect(pendienteDe([{ Plazo: 1, Fecha: '', Importe: '', Pendiente: '-12.05' }])).toBe('-12.05');
    expect(cobroBody({ IdFactura: '9', Fecha: '2026-11-22', Importe: '1234,5', IdTesoreria: '3', Notas: ' ' })).toEqual(
      { IdFactura: 9, Fecha: '2026-11-22', Importe: '1234.5', IdTesoreria: 3, Notas: null },
    );
  });
});
