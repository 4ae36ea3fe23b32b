import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type mockFetch } from '../../test/render.tsx';
import { accionesPermitidas } from '../documentos/documentosModel.ts';
import { abrirDocumento } from './documentoEditor.testkit.tsx';
import { documento, EMITIDA as emitida, list, PRESUPUESTO as presupuesto } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

function setup(
  recurso: 'pventa' | 'dventa' | 'aventa' | 'fventa',
  doc: ReturnType<typeof documento>,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  return abrirDocumento(recurso, doc, routes);
}

/** Nothing allowed: each case below says only what it allows. */
const NINGUNA = {
  convertir: [],
  emitir: false,
  anular: false,
  rectificar: false,
  cobrar: false,
  borrar: false,
  enviar: false,
  duplicar: false,
};

describe('actions per status', () => {
  it.each([
    ['draft invoice', documento(), { ...NINGUNA, emitir: true, borrar: true, duplicar: true }],
    [
      'issued, pending',
      emitida,
      { ...NINGUNA, anular: true, rectificar: true, cobrar: true, enviar: true, duplicar: true },
    ],
    [
      'issued, partly collected',
      { ...emitida, EstadoCobro: 'Cobrado parcialmente' },
      { ...NINGUNA, rectificar: true, cobrar: true, enviar: true, duplicar: true },
    ],
    [
      'issued, collected',
      { ...emitida, EstadoCobro: 'Cobrado' },
      { ...NINGUNA, rectificar: true, enviar: true, duplicar: true },
    ],
    ['cancelled invoice', { ...emitida, Estado: 'Anulada' }, { ...NINGUNA, duplicar: true }],
    [
      'active quote',
      presupuesto,
      {
        ...NINGUNA,
        convertir: ['dventa', 'aventa', 'fventa'],
        anular: true,
        borrar: true,
        enviar: true,
        duplicar: true,
      },
    ],
    [
      'invoiced delivery note',
      { ...presupuesto, Tipo: 'albaran' as const, Estado: 'Pendiente', Facturado: true },
      { ...NINGUNA, enviar: true, duplicar: true },
    ],
    [
      'pending order',
      { ...presupuesto, Tipo: 'pedido' as const, Estado: 'Pendiente' },
      { ...NINGUNA, convertir: ['aventa', 'fventa'], anular: true, borrar: true, enviar: true, duplicar: true },
    ],
  ])('%s', (_name, doc, expected) => {
    expect(accionesPermitidas(doc, 3, 3)).toEqual(expected);
  });

  it('level 1 offers nothing that changes data', () => {
    expect(accionesPermitidas(documento(), 1, 1)).toEqual(NINGUNA);
  });
});

describe('action buttons', { timeout: 20_000 }, () => {
  it('a quote converts into the destinations allowed and opens the new document', async () => {
    const { calls } = setup('pventa', presupuesto, {
      'POST ventas/pventa/convertir/5': () => json(201, { ...presupuesto, Id: 9, Tipo: 'pedido', Estado: 'Pendiente' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Convertir en…' }));
    const pedido = await screen.findByRole('menuitem', { name: 'Pedido' });
    expect(screen.getAllByRole('menuitem', { hidden: true }).map((m) => m.textContent)).toEqual([
      'Pedido',
      'Albarán',
      'Factura',
      'Elegir líneas y cantidades…',
    ]);
    fireEvent.click(pedido);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('convertir/5'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ Destino: 'dventa' });
    expect(await screen.findByText('Se ha creado el pedido a partir de este documento')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emitir' })).toBeNull();
  });

  it('converts part of the quantities of an order: pending per line, 0 leaves a line out (partial delivery)', async () => {
    const pedido = documento({
      Tipo: 'pedido',
      Estado: 'Pendiente',
      Numero: 2,
      NumSerie: 'PE0002',
      EstadoCobro: null,
      Lineas: [
        {
          ...documento().Lineas![0]!,
          Servido: '0.500',
          PendienteServir: '1.500',
          PendienteFacturar: '2.000',
        },
        {
          Id: 51,
          IdProducto: null,
          Descripcion: 'Montaje',
          Cantidad: '1.000',
          Precio: '40.000000',
          Descuento: '0.00',
          TipoIva: 'IVA21',
          Importe: '40.00',
          Servido: '0.000',
          PendienteServir: '1.000',
          PendienteFacturar: '1.000',
        },
      ],
    });
    const { calls } = setup('dventa', pedido, {
      'POST ventas/dventa/convertir/5': () => json(201, { ...pedido, Id: 9, Tipo: 'albaran' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Convertir en…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Elegir líneas y cantidades…' }));
    const dialog = await screen.findByRole('dialog');
    // Towards a delivery note: what is left to deliver, editable; the default is all of it.
    expect(within(dialog).getByTestId('pendiente-50').textContent).toBe('1,5');
    const martillo = within(dialog).getByLabelText('Cantidad a convertir de Martillo') as HTMLInputElement;
    const montaje = within(dialog).getByLabelText('Cantidad a convertir de Montaje') as HTMLInputElement;
    expect(martillo.value).toBe('1,5');
    expect(within(dialog).getByRole('button', { name: 'Convertir 2 líneas' })).toBeTruthy();
    // More than pending: refused on screen, the button is off.
    fireEvent.change(martillo, { target: { value: '2' } });
    expect(await within(dialog).findByText('Máximo 1,5')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Convertir 2 líneas' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Towards an invoice the pending quantities are the invoice's.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Factura' }));
    expect(within(dialog).getByTestId('pendiente-50').textContent).toBe('2');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Albarán' }));
    fireEvent.change(martillo, { target: { value: '1,25' } });
    fireEvent.change(montaje, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convertir 1 línea' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body))).toEqual({
      Destino: 'aventa',
      Lineas: [{ Id: 50, Cantidad: '1.25' }],
    });
  });

  it('a draft invoice is issued after a confirmation', async () => {
    const { calls } = setup('fventa', documento(), {
      'POST ventas/fventa/emitir/5': () => json(200, emitida),
    });
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar cobro' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Emitir' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText('La factura se ha emitido con el número F2026-0004')).toBeTruthy();
  });

  it('issues and collects in one step: the default account and the invoice date already filled in', async () => {
    const { calls } = setup('fventa', documento(), {
      'POST ventas/fventa/emitir/5': () => json(200, { ...emitida, EstadoCobro: 'Cobrado' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir y cobrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir y cobrar' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir y cobrar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toEqual({ Pago: { IdTesoreria: 2, Fecha: documento().Fecha } });
    expect(await screen.findByText('La factura se ha emitido con el número F2026-0004 y se ha cobrado')).toBeTruthy();
  });

  it('issues and collects after saving pending changes: the dialog shows the saved total', async () => {
    const guardada = { ...documento(), Total: '54.27' };
    let actual = documento();
    const { calls } = setup('fventa', documento(), {
      'GET ventas/fventa/edit/5': () => json(200, actual),
      'PUT ventas/fventa/save/5': () => {
        actual = guardada;
        return json(200, guardada);
      },
    });
    const descripcion = await screen.findByLabelText('Descripción 1');
    fireEvent.change(descripcion, { target: { value: 'Otra descripción' } });
    fireEvent.click(screen.getByRole('button', { name: 'Emitir y cobrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir y cobrar' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(await within(dialog).findByText(/el cobro de 54,27 €/)).toBeTruthy();
  });

  it('an issued invoice registers a collection of the pending amount into a treasury account', async () => {
    const { calls } = setup('fventa', emitida, {
      'GET tesoreria/movstesoreriac/list': list([
        { Id: 1, IdFactura: 5, Fecha: '2026-03-03', Importe: '5.41', IdTesoreria: 2, Notas: null },
      ]),
      'POST tesoreria/movstesoreriac/save': () => json(201, { Id: 2 }),
    });
    expect(await screen.findByTestId('pendiente')).toBeTruthy();
    expect(screen.getByTestId('pendiente').textContent).toBe('20,00 €');
    expect(screen.queryByRole('button', { name: 'Emitir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar cobro' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Importe/) as HTMLInputElement).value).toBe('20,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar cobro' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toMatchObject({ IdFactura: 5, Importe: '20.00', IdTesoreria: 2 });
    expect(body.Fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText('El cobro se ha registrado correctamente')).toBeTruthy();
  });

  it('the collection dialog shows the server error under the amount', async () => {
    setup('fventa', emitida, {
      'POST tesoreria/movstesoreriac/save': () =>
        json(400, {
          Mensaje: 'Revisa los errores del formulario',
          Errores: [{ Campo: 'Importe', Mensaje: 'El cobro supera el importe pendiente de la factura (25,41 €)' }],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar cobro' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Importe/), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar cobro' }));
    expect(
      await within(dialog).findByText(
        'El cobro supera el importe pendiente de la factura (25,41 €)',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });

  it('a delivery note chooses the warehouse its stock leaves from (stock module)', async () => {
    const albaran = { ...presupuesto, Tipo: 'albaran' as const, Estado: 'Pendiente', IdAlmacen: null };
    const { calls } = setup('aventa', albaran, {
      'GET catalogo/almacenes/list': list([{ Id: 4, Nombre: 'Central', Baja: false }]),
      'PUT ventas/aventa/save/5': () => json(200, { ...albaran, IdAlmacen: 4 }),
    });
    const almacen = await screen.findByLabelText(/^Almacén/, { selector: 'input:not([type=hidden])' });
    fireEvent.click(almacen);
    fireEvent.click(await screen.findByRole('option', { name: 'Central', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init.body)).IdAlmacen).toBe(4);
  });

  it('the history lists the chain with links', async () => {
    const origen = { ...presupuesto, Id: 2 };
    setup('fventa', emitida, {
      'GET ventas/docventahist/fventa/5': () => json(200, { Items: [origen, emitida] }),
    });
    const hist = await screen.findByTestId('historial');
    expect(within(hist).getByRole('link', { name: 'Presupuesto P2026-0003' }).getAttribute('href')).toBe(
      '/pventa/editar/2',
    );
    expect(within(hist).getByText('Factura F2026-0004 · este documento')).toBeTruthy();
  });
});
