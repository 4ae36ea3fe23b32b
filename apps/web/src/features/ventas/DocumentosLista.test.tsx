import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { DocumentosLista } from './DocumentosLista.tsx';
import { documento } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const emitida = documento({
  Id: 1,
  Numero: 1,
  NumSerie: 'F2026-0001',
  Estado: 'Emitida',
  EstadoCobro: 'Cobrado parcialmente',
  BaseImponible: '1020.25',
  Total: '1234.50',
});
const borrador = documento({ Id: 2, ClienteNombre: 'Talleres Norte', ClienteNIF: 'A58818501', Fecha: '2026-03-05' });
const anulada = documento({ Id: 3, Numero: 2, NumSerie: 'F2026-0002', Estado: 'Anulada', Total: '999.00' });

function setup() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET ventas/fventa/list': () => json(200, { Items: [emitida, borrador, anulada], Total: 3 }),
    'GET ventas/clientes/list': () => json(200, { Items: [], Total: 0 }),
  });
  renderUi(<DocumentosLista recurso="fventa" />, { session: fakeSession(), path: '/fventa/lista' });
  return net;
}

const filtros = (c: { url: URL }) => JSON.parse(c.url.searchParams.get('Filtros') ?? '{}');

/** The router's query string, to check what the list keeps in the URL. */
function Ubicacion() {
  return <output data-testid="ubicacion">{useLocation().search}</output>;
}

describe('sales document list', { timeout: 20_000 }, () => {
  it('shows number (or Borrador), date, customer, amounts in Spanish format, status badges and page totals', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'F2026-0001' })).toBeTruthy();
    expect(screen.getByText('Borrador')).toBeTruthy();
    expect(screen.getByText('05/03/2026')).toBeTruthy();
    expect(screen.getByText('Talleres Norte')).toBeTruthy();
    expect(screen.getByText('1.234,50 €')).toBeTruthy();
    expect(screen.getByText('1.020,25 €')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Cobrado parcialmente')).toBeTruthy();
    expect(within(table).getByText('Anulada')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('3 registros');
    // The page totals leave the cancelled invoice out: 1234.50 + 25.41.
    expect(screen.getByTestId('pagina-total').textContent).toBe('1.259,91 €');
    expect(screen.getByTestId('pagina-base').textContent).toBe('1.041,25 €');
    expect(screen.getByRole('link', { name: 'Nueva factura' }).getAttribute('href')).toBe('/fventa/nuevo');
  });

  it('sends the status and collection filters and the draft switch to the server', async () => {
    const { calls } = setup();
    await screen.findByRole('link', { name: 'F2026-0001' });
    await userEvent.click(screen.getByLabelText(/^Estado/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Emitida', hidden: true }));
    await waitFor(() => expect(filtros(calls.at(-1)!)).toEqual({ Estado: 'Emitida' }));
    await userEvent.click(screen.getByLabelText(/^Cobro/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pendiente', hidden: true }));
    await waitFor(() => expect(filtros(calls.at(-1)!)).toEqual({ Estado: 'Emitida', EstadoCobro: 'Pendiente' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Solo borradores' }));
    await waitFor(() => expect(filtros(calls.at(-1)!).Borrador).toBe(true));
  });

  it("'Exportar' asks the list's export with the filters and order on screen, not the page", async () => {
    const { calls } = setup();
    await screen.findByRole('link', { name: 'F2026-0001' });
    await userEvent.click(screen.getByLabelText(/^Estado/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Emitida', hidden: true }));
    await waitFor(() => expect(filtros(calls.at(-1)!)).toEqual({ Estado: 'Emitida' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (xlsx)' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('ventas/fventa/export'))).toBe(true));
    const pedida = calls.find((c) => c.url.pathname.endsWith('ventas/fventa/export'))!;
    expect(filtros(pedida)).toEqual({ Estado: 'Emitida' });
    expect(pedida.url.searchParams.get('Formato')).toBe('xlsx');
    expect(pedida.url.searchParams.get('Descendente')).toBe('true');
    expect(pedida.url.searchParams.get('Pagina')).toBeNull();
  });

  it("offers the status 'No anulada' on invoices and sends it as NoAnulada (spec section 4)", async () => {
    const { calls } = setup();
    await screen.findByRole('link', { name: 'F2026-0001' });
    await userEvent.click(screen.getByLabelText(/^Estado/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No anulada', hidden: true }));
    await waitFor(() => expect(filtros(calls.at(-1)!)).toEqual({ Estado: 'NoAnulada' }));
  });

  it('orders by date, newest first by default, oldest first from the Fecha header', async () => {
    const { calls } = setup();
    await screen.findByRole('link', { name: 'F2026-0001' });
    // The list's own requests (the page's e-invoice badges are asked for apart).
    const lista = () => calls.filter((c) => c.url.pathname.endsWith('/fventa/list')).at(-1)!;
    expect(lista().url.searchParams.get('Descendente')).toBe('true');
    fireEvent.click(within(screen.getByRole('table')).getByText('Fecha'));
    await waitFor(() => expect(lista().url.searchParams.get('Descendente')).toBe('false'));
  });

  it('sends the search box to the server as Buscar (first page, kept in the URL) and shows what it answers', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const net = mockFetch({
      'GET ventas/fventa/list': (_init, url) =>
        filtros({ url }).Buscar
          ? json(200, { Items: [borrador], Total: 1 })
          : json(200, { Items: [emitida, borrador], Total: 2 }),
      'GET ventas/clientes/list': () => json(200, { Items: [], Total: 0 }),
    });
    renderUi(
      <>
        <DocumentosLista recurso="fventa" />
        <Ubicacion />
      </>,
      { session: fakeSession(), path: '/fventa/lista?pagina=2' },
    );
    await screen.findByRole('link', { name: 'F2026-0001' });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: ' a58818 ' } });
    await waitFor(() => expect(filtros(net.calls.at(-1)!)).toEqual({ Buscar: 'a58818' }));
    expect(net.calls.at(-1)!.url.searchParams.get('Pagina')).toBe('1');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'F2026-0001' })).toBeNull());
    expect(within(screen.getByRole('table')).getByText('Talleres Norte')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('1 registro');
    await waitFor(() => expect(screen.getByTestId('ubicacion').textContent).toBe('?buscar=+a58818+'));
  });
});

describe('delivery notes invoiced together', { timeout: 20_000 }, () => {
  it('selects notes of one customer and converts them into one invoice (convertir with Ids)', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const alb = (Id: number, over = {}) =>
      documento({ Id, Tipo: 'albaran', Estado: 'Pendiente', Numero: Id, NumSerie: `A000${Id}`, ...over });
    const { calls } = mockFetch({
      'GET ventas/aventa/list': () =>
        json(200, {
          Items: [alb(1), alb(2), alb(3, { Cliente: 8, ClienteNombre: 'Otro' }), alb(4, { Facturado: true })],
          Total: 4,
        }),
      'POST ventas/aventa/convertir/1': () => json(201, documento({ Id: 20 })),
    });
    renderUi(<DocumentosLista recurso="aventa" />, { session: fakeSession(), path: '/aventa/lista' });
    await screen.findByRole('link', { name: 'A0001' });
    const boxes = screen.getAllByRole('checkbox', { name: /^Seleccionar A/ });
    // The invoiced note cannot be selected.
    expect(boxes.filter((b) => (b as HTMLInputElement).disabled)).toHaveLength(1);
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    expect((await screen.findByTestId('seleccion')).textContent).toContain('de un mismo cliente');
    expect((screen.getByRole('button', { name: 'Facturar juntos' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(boxes[2]!);
    fireEvent.click(boxes[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Facturar juntos' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body))).toEqual({
      Destino: 'fventa',
      Ids: [2],
    });
    expect(await screen.findByText('Se ha creado la factura de 2 albaranes')).toBeTruthy();
  });
});
