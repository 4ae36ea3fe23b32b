import type { RouteDef } from '@faro/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CobrosScreens } from '../cobros/CobrosScreens.tsx';
import { RecurrentesScreens } from '../recurrentes/RecurrentesScreens.tsx';
import { catalogos, documento, list } from '../ventas/ventasTestData.ts';
import { ComprasScreens } from './ComprasScreens.tsx';
import { LotesPanel } from './LotesPanel.tsx';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

const ruta = { title: 'Compras' } as RouteDef;
const PROVEEDOR = { Id: 4, Codigo: 'P004', Nombre: 'Suministros Norte SL', NIF: 'B87654321', Baja: false };

/** A received invoice as the purchases API answers it (the side's JSON names). */
function recibida(over: Record<string, unknown> = {}) {
  const {
    Cliente,
    ClienteNombre,
    ClienteNIF,
    ClienteDireccion,
    ClienteCodPostal,
    ClientePoblacion,
    ClienteProvincia,
    EstadoCobro,
    VentasTxtLibre1,
    VentasTxtLibre2,
    VentasTxtLibre3,
    ...resto
  } = documento({ Id: 8 });
  return {
    ...resto,
    Proveedor: 4,
    ProveedorNombre: 'Suministros Norte SL',
    ProveedorNIF: 'B87654321',
    EstadoPago: 'Pendiente',
    ComprasTxtLibre1: null,
    NumFacturaProveedor: 'A-77',
    FechaFacturaProveedor: '2026-03-01',
    Operacion: 'interior',
    Adjunto: null,
    ...over,
  };
}

function setup(action: string, segments: string[], routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    ...catalogos(),
    'GET compras/proveedores/list': list([PROVEEDOR]),
    'GET tesoreria/movstesoreriap/list': list([]),
    'GET compras/doccomprahist/fcompra/8': () => json(200, { Items: [] }),
    ...routes,
  });
  renderUi(<ComprasScreens action={action} segments={segments} route={ruta} />, {
    session: fakeSession(),
    path: `/${action}/${segments.join('/')}`,
  });
  return net;
}

const cuerpo = (calls: ReturnType<typeof mockFetch>['calls'], method: string, fin: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.path.endsWith(fin))?.init.body));

describe('purchase screens', { timeout: 30_000 }, () => {
  it('a received invoice: supplier side, the paper totals difference live, saved in the purchase JSON names', async () => {
    const { calls } = setup('fcompra', ['editar', '8'], {
      'GET compras/fcompra/edit/8': () => json(200, recibida()),
      'PUT compras/fcompra/save/8': () => json(200, recibida()),
    });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('25,41 €'));
    expect(screen.getByTestId('titulo-documento').textContent).toBe('Factura recibida (borrador)');
    expect(screen.getByText('Datos del proveedor')).toBeTruthy();
    expect(within(screen.getByTestId('datos-cliente')).getByText('Suministros Norte SL')).toBeTruthy();
    expect((screen.getByLabelText(/Número de factura del proveedor/) as HTMLInputElement).value).toBe('A-77');
    // Typing the paper's totals shows the difference per field at once.
    fireEvent.click(screen.getByLabelText('Teclear los totales del papel (comprobar la factura)'));
    fireEvent.change(screen.getByLabelText('Total del papel'), { target: { value: '25,50' } });
    const aviso = await screen.findByTestId('diferencia-Total');
    expect(aviso.textContent).toContain('diferencia 0,09 €');
    expect(aviso.textContent).toContain('(0,35 %)');
    fireEvent.change(screen.getByLabelText('Total del papel'), { target: { value: '25,41' } });
    await waitFor(() =>
      expect(screen.getByTestId('diferencia-papel').textContent).toBe(
        'Los totales del papel cuadran con los calculados.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = cuerpo(calls, 'PUT', 'save/8');
    expect(body.Proveedor).toBe(4);
    expect(body).not.toHaveProperty('Cliente');
    expect(body).not.toHaveProperty('Simplificada');
    expect(body.NumFacturaProveedor).toBe('A-77');
    expect(body.TotalPapel).toBe('25.41');
    expect(body.Operacion).toBe('interior');
  });

  it("an order line offers the product's last purchase price from this supplier, not the catalogue's", async () => {
    const pedido = recibida({ Tipo: 'pedido', NumFacturaProveedor: null, FechaFacturaProveedor: null });
    const { calls } = setup('dcompra', ['editar', '8'], {
      'GET compras/dcompra/edit/8': () => json(200, pedido),
      'GET compras/doccomprahist/dcompra/8': () => json(200, { Items: [] }),
      'GET compras/proveedores/precios': () =>
        json(200, {
          Items: [],
          Ultimo: { Precio: '7.35', Descuento: '2.00', Fecha: '2026-02-10', IdProveedor: 4, ProveedorNombre: 'x' },
        }),
    });
    await screen.findByTestId('linea-1');
    const celda = (n: string) => screen.getByLabelText(n, { selector: 'input:not([type=hidden])' });
    await userEvent.click(celda('Producto 1'));
    await userEvent.click(await screen.findByRole('option', { name: 'MART · Martillo de carpintero', hidden: true }));
    await waitFor(() => expect((celda('Precio 1') as HTMLInputElement).value).toBe('7,35'));
    expect((celda('Descuento 1') as HTMLInputElement).value).toBe('2');
    const precios = calls.find((c) => c.path === 'compras/proveedores/precios')!;
    expect(precios.url.searchParams.get('IdProveedor')).toBe('4');
    expect(precios.url.searchParams.get('IdProducto')).toBe('9');
    expect(calls.some((c) => c.path === 'catalogo/tarifas/precio')).toBe(false);
  });

  it('a price typed while the last purchase price is on its way is not overwritten by it', async () => {
    const pedido = recibida({ Tipo: 'pedido', NumFacturaProveedor: null, FechaFacturaProveedor: null });
    let responder: (r: Response) => void = () => {};
    setup('dcompra', ['editar', '8'], {
      'GET compras/dcompra/edit/8': () => json(200, pedido),
      'GET compras/doccomprahist/dcompra/8': () => json(200, { Items: [] }),
      'GET compras/proveedores/precios': () =>
        new Promise<Response>((r) => {
          responder = r;
        }),
    });
    await screen.findByTestId('linea-1');
    const celda = (n: string) => screen.getByLabelText(n, { selector: 'input:not([type=hidden])' }) as HTMLInputElement;
    await userEvent.click(celda('Producto 1'));
    await userEvent.click(await screen.findByRole('option', { name: 'MART · Martillo de carpintero', hidden: true }));
    fireEvent.change(celda('Precio 1'), { target: { value: '2,90' } });
    responder(
      json(200, {
        Items: [],
        Ultimo: { Precio: '7.35', Descuento: '2.00', Fecha: '2026-02-10', IdProveedor: 4, ProveedorNombre: 'x' },
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(celda('Precio 1').value).toBe('2,90');
    expect(celda('Descuento 1').value).toBe('');
  });

  it('registering asks first and posts registrar; the action is named for purchases', async () => {
    const { calls } = setup('fcompra', ['editar', '8'], {
      'GET compras/fcompra/edit/8': () => json(200, recibida()),
      'POST compras/fcompra/registrar/8': () =>
        json(200, recibida({ Numero: 1, NumSerie: 'R2026-0001', Estado: 'Registrada' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Registrar la factura recibida')).toBeTruthy();
    const dialogo = screen.getByRole('dialog');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('registrar/8'))).toBe(true));
    expect(await screen.findByText('La factura se ha registrado con el número R2026-0001')).toBeTruthy();
  });

  it('the list of received invoices and expenses: supplier column, payment filter, expenses open their form', async () => {
    const gasto = recibida({ Id: 9, Tipo: 'gasto', NumSerie: 'R2026-0002', Numero: 2, Estado: 'Registrada' });
    const { calls } = setup('fcompra', ['lista'], {
      'GET compras/fcompra/list': list([recibida(), gasto]),
    });
    expect(await screen.findByRole('heading', { name: /Facturas y gastos/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Proveedor' })).toBeTruthy();
    expect((await screen.findAllByText('Suministros Norte SL')).length).toBe(2);
    expect(screen.getByRole('link', { name: 'R2026-0002' }).getAttribute('href')).toBe('/fgasto/editar/9');
    expect(screen.getByLabelText('Pago', { selector: 'input:not([type=hidden])' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'B87654321' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === 'compras/fcompra/list' && c.url.searchParams.get('Filtros')?.includes('B87654321'),
        ),
      ).toBe(true),
    );
  });

  it('an expense from the phone: a photo of the ticket checked by the spec file rules, saved then attached', async () => {
    const guardado = recibida({ Id: 12, Tipo: 'gasto', Concepto: 'Gasoil' });
    const { calls } = setup('fgasto', ['nuevo'], {
      'POST compras/fgasto/save': () => json(200, guardado),
      'POST compras/fgasto/adjunto/12': () => json(200, { Nombre: 'ticket.png', Tipo: 'png', Tamano: 70 }),
      'GET compras/fgasto/edit/12': () => json(200, guardado),
      'GET compras/fgasto/categorias': () => json(200, [{ Codigo: '6280000000', Descripcion: 'Suministros' }]),
    });
    const foto = await screen.findByTestId('foto-ticket');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    // A file that is not jpg, png or pdf is refused with the spec's message.
    fireEvent.change(input, { target: { files: [new File(['x'], 'ticket.gif', { type: 'image/gif' })] } });
    expect((await screen.findByTestId('foto-error')).textContent).toBe(
      'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
    );
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'ticket.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(foto.textContent).toBe('Foto: ticket.png'));
    fireEvent.change(screen.getByLabelText('O el nombre del ticket (sin ficha de proveedor)'), {
      target: { value: 'Gasolinera Sol' },
    });
    fireEvent.change(screen.getByLabelText(/^Concepto/), { target: { value: 'Gasoil' } });
    fireEvent.change(screen.getByLabelText('Base imponible 1'), { target: { value: '50' } });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('60,50 €'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'compras/fgasto/adjunto/12')).toBe(true));
    const body = cuerpo(calls, 'POST', 'fgasto/save');
    expect(body).toMatchObject({ NombreProveedor: 'Gasolinera Sol', Concepto: 'Gasoil' });
    expect(body.Desglose).toEqual([{ TipoIva: 'IVA21', Base: '50', Concepto: 'Gasoil' }]);
    expect(body).not.toHaveProperty('Proveedor');
    const subida = calls.find((c) => c.path === 'compras/fgasto/adjunto/12')!;
    expect((subida.init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('payments and the received-invoice book are the collections screens on the purchases side', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const { calls } = mockFetch({
      ...catalogos(),
      'GET tesoreria/movstesoreriap/list': list([
        {
          Id: 1,
          IdFactura: 8,
          Fecha: '2026-03-05',
          Importe: '25.41',
          IdTesoreria: 2,
          NumSerie: 'R2026-0001',
          ProveedorNombre: 'Suministros Norte SL',
        },
      ]),
      'GET impuestos/factrecibidas/list': () => json(404, { Mensaje: 'No encontrado' }),
    });
    const pagos = renderUi(
      <CobrosScreens action="movstesoreriap" segments={['lista']} route={{ title: 'Pagos' } as RouteDef} />,
      {
        session: fakeSession(),
      },
    );
    expect(await screen.findByText('Suministros Norte SL')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Proveedor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo pago' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Vencidas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'R2026-0001' }).getAttribute('href')).toBe('/fcompra/editar/8');
    pagos.unmount();
    renderUi(
      <CobrosScreens action="factrecibidas" segments={['lista']} route={{ title: 'Facturas recibidas' } as RouteDef} />,
      {
        session: fakeSession(),
      },
    );
    // A book the server cannot give says so in Spanish on the page.
    expect((await screen.findByTestId('error-libro')).textContent).toContain('No se ha podido leer el libro');
    expect(calls.some((c) => c.path === 'impuestos/factrecibidas/list')).toBe(true);
  });

  it('recurring purchase invoices: the recurring templates with the supplier, on compras/fcomprarec', async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    mockFetch({
      ...catalogos(),
      'GET compras/fcomprarec/list': list([
        {
          Id: 3,
          Descripcion: 'Alquiler del local',
          Proveedor: 4,
          ProveedorNombre: 'Inmuebles Sur SL',
          Periodicidad: 'Mensual',
          FechaInicio: '2026-01-01',
          ProximaFecha: '2026-04-01',
          FechaFin: null,
          Accion: 'borrador',
          Baja: false,
          Total: '1210.00',
        },
      ]),
    });
    renderUi(<RecurrentesScreens action="fcomprarec" segments={['lista']} route={ruta} />, { session: fakeSession() });
    expect(await screen.findByText('Inmuebles Sur SL')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Proveedor' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alquiler del local' }).getAttribute('href')).toBe('/fcomprarec/editar/3');
  });

  it("a traced product's lots under its form: stock per lot, and a lot's history with links to its documents", async () => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
    const { calls } = mockFetch({
      'GET compras/lotes/list': () =>
        json(200, {
          Items: [
            { Lote: 'L2511-04', Caducidad: null, IdAlmacen: 1, Entradas: '60.000', Salidas: '8.000', Stock: '52.000' },
          ],
        }),
      'GET catalogo/almacenes/list': list([{ Id: 1, Nombre: 'Almacén central' }]),
      'GET compras/lotes/historial': () =>
        json(200, {
          Items: [
            {
              Lote: 'L2511-04',
              Caducidad: null,
              Fecha: '2025-11-07',
              Lado: 'Entrada',
              Documento: 'compras/albaran',
              IdDocumento: 31,
              NumSerie: 'AC0010',
              IdAlmacen: 1,
              Cantidad: '60.000',
            },
            {
              Lote: 'L2511-04',
              Caducidad: null,
              Fecha: '2025-11-20',
              Lado: 'Salida',
              Documento: 'ventas/factura',
              IdDocumento: 77,
              NumSerie: 'F0120',
              IdAlmacen: 1,
              Cantidad: '8.000',
            },
          ],
        }),
    });
    renderUi(<LotesPanel id={5} />, { session: fakeSession() });
    expect(await screen.findByText('L2511-04')).toBeTruthy();
    expect(await screen.findByText('Almacén central')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Historial del lote L2511-04' }));
    const historial = await screen.findByTestId('lote-historial');
    expect(within(historial).getByRole('link', { name: 'Albarán AC0010' }).getAttribute('href')).toBe(
      '/acompra/editar/31',
    );
    expect(within(historial).getByRole('link', { name: 'Factura F0120' }).getAttribute('href')).toBe(
      '/fventa/editar/77',
    );
    expect(within(historial).getByText('Salida')).toBeTruthy();
    const pedida = calls.find((c) => c.path.endsWith('compras/lotes/historial'));
    expect(pedida?.url.searchParams.get('Lote')).toBe('L2511-04');
    expect(pedida?.url.searchParams.get('IdProducto')).toBe('5');
  });
});
