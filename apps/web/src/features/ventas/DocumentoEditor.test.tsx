import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { simularTelefono } from '../../ui/list/simularTelefono.ts';
import { DocumentoEditor } from './DocumentoEditor.tsx';
import { catalogos, documento, TIPOS } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

function setup(recurso: 'pventa' | 'fventa', id: string | undefined, routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    ...catalogos(),
    [`GET ventas/docventahist/${recurso}/${id}`]: () => json(200, { Items: [] }),
    ...routes,
  });
  renderUi(<DocumentoEditor recurso={recurso} id={id} />, { session: fakeSession() });
  return net;
}

/** The editor on invoice 5 issued as F2026-0004, with what the case adds to it and to the answers. */
const abrirEmitida = (over: Parameters<typeof documento>[0], routes: Parameters<typeof mockFetch>[0] = {}) =>
  setup('fventa', '5', {
    'GET ventas/fventa/edit/5': () =>
      json(200, documento({ Numero: 4, NumSerie: 'F2026-0004', Estado: 'Emitida', ...over })),
    ...routes,
  });

const cell = (name: string) => screen.getByLabelText(name, { selector: 'input:not([type=hidden])' });

describe('sales document editor', { timeout: 20_000 }, () => {
  it('computes the totals live with the domain function: lines, breakdown per rate, withholding', async () => {
    setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento()) });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('25,41 €'));
    fireEvent.change(cell('Cantidad 1'), { target: { value: '3' } });
    // 3 × 10.50 = 31.50; IVA 21 % = 6.62 → 38.12
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('38,12 €'));
    expect(screen.getByTestId('importe-1').textContent).toBe('31,50 €');
    fireEvent.change(cell('Descuento 1'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('importe-1').textContent).toBe('28,35 €'));
    fireEvent.change(screen.getByLabelText('Retención IRPF %'), { target: { value: '15' } });
    // base 28.35, IVA 5.95, IRPF 4.25 → 30.05
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('30,05 €'));
    expect(screen.getByTestId('total-retencion').textContent).toBe('−4,25 €');
    expect(screen.getByTestId('cuota-IVA21').textContent).toBe('5,95 €');
  });

  it('keyboard entry: Enter on the last line adds a line and moves to its product; a free-text line counts', async () => {
    setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento()) });
    await screen.findByTestId('linea-1');
    fireEvent.keyDown(cell('Precio 1'), { key: 'Enter' });
    await screen.findByTestId('linea-2');
    await waitFor(() => expect(document.activeElement).toBe(cell('Producto 2')));
    // A blank line is left out of the totals; typed, it is a free-text line.
    expect(screen.getByTestId('total').textContent).toBe('25,41 €');
    fireEvent.change(cell('Descripción 2'), { target: { value: 'Montaje' } });
    fireEvent.change(cell('Cantidad 2'), { target: { value: '1' } });
    fireEvent.change(cell('Precio 2'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('146,41 €'));
    // Up and down move between lines in the same column.
    fireEvent.keyDown(cell('Precio 2'), { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(cell('Precio 1')));
  });

  it('picking a product fills description, VAT type and the customer tariff price', async () => {
    const { calls } = setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () => json(200, documento()),
      'GET catalogo/tarifas/precio': () =>
        json(200, { Precio: '12.00', Descuento: '5.00', PrecioNeto: '11.4', Origen: 'producto', IdTarifa: 1 }),
    });
    await screen.findByTestId('linea-1');
    await userEvent.click(cell('Producto 1'));
    await userEvent.click(await screen.findByRole('option', { name: 'MART · Martillo de carpintero', hidden: true }));
    await waitFor(() => expect((cell('Precio 1') as HTMLInputElement).value).toBe('12,00'));
    expect((cell('Descripción 1') as HTMLInputElement).value).toBe('Martillo de carpintero');
    expect((cell('Descuento 1') as HTMLInputElement).value).toBe('5');
    const precio = calls.find((c) => c.path === 'catalogo/tarifas/precio')!;
    expect(precio.url.searchParams.get('IdCliente')).toBe('7');
    expect(precio.url.searchParams.get('IdProducto')).toBe('9');
  });

  it("shows the server's 400 errors under the line fields and the form message", async () => {
    const { calls } = setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () => json(200, documento()),
      'PUT ventas/fventa/save/5': () =>
        json(400, {
          Mensaje: 'Revisa los errores del formulario',
          Errores: [
            { Campo: 'Lineas[0].TipoIva', Mensaje: 'Línea 1: el tipo de IVA IVA21 no existe' },
            { Campo: 'Lineas.0.Cantidad', Mensaje: 'El formato es incorrecto' },
          ],
        }),
    });
    await screen.findByTestId('linea-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('No hay cambios para guardar')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(cell('Cantidad 1'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const linea = screen.getByTestId('linea-1');
    expect(await within(linea).findByText('Línea 1: el tipo de IVA IVA21 no existe')).toBeTruthy();
    expect(within(linea).getByText('El formato es incorrecto')).toBeTruthy();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Revisa los errores del formulario'))).toBe(
      true,
    );
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init.body));
    // The stored line goes back with its id: it keeps it (and its origin) on the server.
    expect(body.Lineas).toEqual([
      {
        Id: 50,
        IdProducto: null,
        Descripcion: 'Martillo',
        Cantidad: '4',
        Precio: '10.50',
        Descuento: null,
        TipoIva: 'IVA21',
      },
    ]);
  });

  it('a new document checks the customer and the lines in the browser before calling the server', async () => {
    const { calls } = setup('pventa', undefined);
    await screen.findByTestId('linea-1');
    expect(screen.getByRole('heading', { name: 'Nuevo presupuesto' })).toBeTruthy();
    // The configured free sales text is offered.
    expect((screen.getByLabelText('Texto libre 1') as HTMLInputElement).value).toBe('Garantía de 2 años');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cliente es obligatorio')).toBeTruthy();
    expect(screen.getByText('El documento debe tener al menos una línea')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('warns that a full invoice needs the customer NIF before it can be issued', async () => {
    setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento({ ClienteNIF: null })) });
    expect(await screen.findByTestId('aviso-nif')).toBeTruthy();
  });

  it('a corrective invoice links to the original; an issued one to its VeriFactu check', async () => {
    setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () =>
        json(
          200,
          documento({
            Tipo: 'rectificativa',
            Numero: 1,
            NumSerie: 'R0001',
            Estado: 'Emitida',
            IdRectificada: 3,
            TipoRectificativa: 'R1',
            ModoRectificativa: 'I',
            UrlQr: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B1&numserie=R0001',
          }),
        ),
    });
    const aviso = await screen.findByTestId('rectifica');
    expect(aviso.textContent).toContain('R1 por diferencias');
    expect(screen.getByRole('link', { name: 'factura original' }).getAttribute('href')).toBe('/fventa/editar/3');
    expect(screen.getByRole('link', { name: 'Cotejar en la AEAT' }).getAttribute('href')).toContain('ValidarQR');
  });

  it('an issued invoice is read-only with its stored totals', async () => {
    abrirEmitida({ Total: '25.41' });
    expect(await screen.findByTestId('solo-lectura')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByLabelText('Cantidad 1')).toBeNull();
    expect(screen.getByTestId('importe-1').textContent).toBe('21,00 €');
    expect(screen.getByTestId('total').textContent).toBe('25,41 €');
    expect(screen.getByRole('heading', { name: 'Factura F2026-0004' })).toBeTruthy();
    // No edit hints on a document that cannot change ("0", "El primero activo" read as values): the fields it left
    // empty are not shown at all (every module is on in this company, so they would be).
    expect(screen.queryByLabelText('Retención IRPF %')).toBeNull();
    expect(screen.queryByLabelText('Comercial')).toBeNull();
    expect(screen.queryByLabelText('Almacén')).toBeNull();
    expect(screen.queryByLabelText('Forma de pago')).toBeNull();
    expect(screen.queryByLabelText('Observaciones')).toBeNull();
    expect(screen.getByLabelText('Fecha')).toBeTruthy();
  });

  it('an issued invoice shows the read-only fields it holds (agent, warehouse, withholding, notes)', async () => {
    abrirEmitida({ PorcRetencion: '15.00', IdComercial: 2, IdAlmacen: 1, Observaciones: 'Entregar por la mañana' });
    await screen.findByTestId('solo-lectura');
    expect((screen.getByLabelText('Retención IRPF %') as HTMLInputElement).value).toBe('15');
    expect(screen.getByLabelText('Comercial', { selector: 'input:not([type=hidden])' })).toBeTruthy();
    expect(screen.getByLabelText('Almacén', { selector: 'input:not([type=hidden])' })).toBeTruthy();
    expect((screen.getByLabelText('Observaciones') as HTMLTextAreaElement).value).toBe('Entregar por la mañana');
    expect(screen.queryByLabelText('Dirección de envío')).toBeNull();
  });

  it('a new document focuses the customer without opening its list (nothing covers the fields below)', async () => {
    setup('fventa', undefined);
    await screen.findByTestId('linea-1');
    const clienteInput = screen.getByLabelText(/^Cliente/, { selector: 'input:not([type=hidden])' });
    await waitFor(() => expect(document.activeElement).toBe(clienteInput));
    expect(clienteInput.getAttribute('aria-expanded')).not.toBe('true');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Typing opens it.
    await userEvent.type(clienteInput, 'Fe');
    await waitFor(() => expect(clienteInput.getAttribute('aria-expanded')).toBe('true'));
  });

  it('an invalid save shows its error once: the form banner, no toast', async () => {
    notifications.clean(); // toasts of earlier tests live in Mantine's global store
    const { calls } = setup('fventa', undefined);
    await screen.findByTestId('linea-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByTestId('error-formulario')).toBeTruthy();
    expect(screen.getByTestId('error-formulario').textContent).toBe('Revisa los errores del formulario');
    expect(screen.getAllByText('Revisa los errores del formulario')).toHaveLength(1);
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a server error with no field lands in the banner, not in a toast', async () => {
    notifications.clean();
    setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () => json(200, documento()),
      'PUT ventas/fventa/save/5': () => json(409, { Mensaje: 'La serie F está dada de baja' }),
    });
    await screen.findByTestId('linea-1');
    fireEvent.change(cell('Cantidad 1'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByTestId('error-formulario')).textContent).toBe('La serie F está dada de baja');
    expect(screen.getAllByText('La serie F está dada de baja')).toHaveLength(1);
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(0);
  });

  it('read-only lines: short VAT labels like the editor, the product under the description only when it differs', async () => {
    const linea = documento().Lineas![0]!;
    abrirEmitida(
      {
        Lineas: [
          { ...linea, Id: 50, IdProducto: 9, Descripcion: 'Martillo de carpintero' },
          { ...linea, Id: 51, IdProducto: 9, Descripcion: 'Martillo con mango de fresno' },
        ],
      },
      {
        'GET configuracion/tiposiva/list': () =>
          json(200, {
            Items: [{ ...TIPOS[0], Descripcion: 'IVA general 21%' }, TIPOS[1]],
            Total: 2,
          }),
      },
    );
    const l1 = await screen.findByTestId('linea-1');
    await waitFor(() => expect(within(l1).getByText('IVA 21 %')).toBeTruthy());
    expect(within(l1).getAllByText('Martillo de carpintero')).toHaveLength(1);
    const l2 = screen.getByTestId('linea-2');
    await waitFor(() => expect(within(l2).getByText('Martillo de carpintero')).toBeTruthy());
    expect(within(l2).getByText('Martillo con mango de fresno')).toBeTruthy();
  });

  it('on a phone (no wide media query matches) the customer takes its own row, not an implicit second column', async () => {
    setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento()) });
    const celda = await screen.findByTestId('celda-cliente');
    expect(celda.style.gridColumn).toBe('1 / -1');
  });

  it('below 768 px each line is a card: Cantidad, Precio and Dto. labelled, keyboard entry unchanged', async () => {
    simularTelefono();
    setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento()) });
    const linea = await screen.findByTestId('linea-1');
    expect(linea.tagName).not.toBe('TR');
    expect(within(linea).queryByRole('table')).toBeNull();
    expect(within(linea).getByText('Línea 1')).toBeTruthy();
    // Visible labels in the card (the table's header is gone).
    expect(within(linea).getByText('Cantidad')).toBeTruthy();
    expect(within(linea).getByText('Precio')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Cantidad' })).toBeNull();
    fireEvent.change(cell('Cantidad 1'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('importe-1').textContent).toBe('31,50 €'));
    fireEvent.keyDown(cell('Precio 1'), { key: 'Enter' });
    expect(await screen.findByTestId('linea-2')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cell('Producto 2')));
  });

  it('a document that does not exist says so once, with the way back to its list', async () => {
    notifications.clean(); // toasts of earlier tests live in Mantine's global store
    setup('fventa', '999', {
      'GET ventas/fventa/edit/999': () => json(404, { Mensaje: 'No existe el dato solicitado' }),
    });
    const volver = await screen.findByRole('link', { name: 'Volver a facturas' });
    expect(volver.getAttribute('href')).toBe('/fventa/lista');
    expect(screen.getAllByText('No existe el dato solicitado')).toHaveLength(1);
  });

  it('types the date the Spanish way: 05/11/2026 is 5 November', async () => {
    const { calls } = setup('fventa', '5', { 'GET ventas/fventa/edit/5': () => json(200, documento()) });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('25,41 €'));
    const fecha = () => screen.getByLabelText(/^Fecha/, { selector: 'input:not([type=hidden])' }) as HTMLInputElement;
    fireEvent.focus(fecha());
    fireEvent.change(fecha(), { target: { value: '05/11/2026' } });
    fireEvent.blur(fecha());
    await waitFor(() => expect(fecha().value).toBe('05/11/2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init.body)).Fecha).toBe('2026-11-05');
  });

  it('a user who cannot read the VAT types still edits: a warning, the type typed, totals on saving', async () => {
    setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () => json(200, documento()),
      'GET configuracion/tiposiva/list': () =>
        json(403, { Mensaje: 'No tienes permisos para realizar la acción solicitada' }),
    });
    expect(await screen.findByText(/No se pueden leer los tipos de IVA/)).toBeTruthy();
    expect((cell('IVA 1') as HTMLInputElement).value).toBe('IVA21');
    expect(screen.queryByText('No tienes permisos para realizar la acción solicitada')).toBeNull();
  });

  it('keeps the batch and expiry of a traceable line when saving', async () => {
    const conLote = documento({
      Lineas: [
        {
          Id: 50,
          IdProducto: 9,
          Descripcion: 'Pintura',
          Cantidad: '1.000',
          Precio: '10.000000',
          Descuento: '0.00',
          TipoIva: 'IVA21',
          Importe: '10.00',
          Lote: 'L-77',
          Caducidad: '2027-05-31',
        },
      ],
    });
    const { calls } = setup('fventa', '5', {
      'GET ventas/fventa/edit/5': () => json(200, conLote),
      'PUT ventas/fventa/save/5': () => json(200, conLote),
    });
    const lote = await screen.findByLabelText('Lote 1');
    expect((lote as HTMLInputElement).value).toBe('L-77');
    fireEvent.change(cell('Cantidad 1'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init.body));
    expect(body.Lineas[0]).toMatchObject({ Lote: 'L-77', Caducidad: '2027-05-31', Cantidad: '2' });
  });
});
