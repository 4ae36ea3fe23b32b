import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { StockPanel, traspasoBody } from './StockPanel.tsx';

const list = (items: unknown[]) => () => json(200, { Items: items, Total: items.length });

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET catalogo/stock/list': list([{ Id: 1, IdProducto: 9, IdAlmacen: 3, Cantidad: '12.500' }]),
    'GET catalogo/productos/list': list([{ Id: 9, Descripcion: 'Tornillo M6', Baja: false }]),
    'GET catalogo/almacenes/list': list([
      { Id: 3, Nombre: 'Central', Baja: false },
      { Id: 4, Nombre: 'Norte', Baja: false },
    ]),
    ...routes,
  });
  renderUi(<StockPanel almacenId={3} readOnly={false} />, { session: fakeSession() });
  return net;
}

describe('stock per warehouse', () => {
  it('shows the stock of the warehouse by product name', async () => {
    setup();
    expect(await screen.findByText('Tornillo M6')).toBeTruthy();
  });

  it('Ajuste: validates and posts almacenes/ajuste', async () => {
    const { calls } = setup({ 'POST catalogo/almacenes/ajuste': () => json(201, { Referencia: 'A1' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajuste' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Producto es obligatorio')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText(/^Producto/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tornillo M6', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText(/^Cantidad/), { target: { value: '-2,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body));
    expect(body).toEqual({ IdAlmacen: 3, IdProducto: 9, Cantidad: '-2.5', Modo: 'diferencia' });
  });

  it('Traspaso: one line from this warehouse to another', () => {
    expect(traspasoBody(3, { IdAlmacenDestino: 4, IdProducto: 9, Cantidad: '2', Motivo: '' })).toEqual({
      IdAlmacenOrigen: 3,
      IdAlmacenDestino: 4,
      Lineas: [{ IdProducto: 9, Cantidad: '2' }],
      Motivo: undefined,
    });
  });
});
