import { ENTITIES, MSG_DATOS } from '@faro/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ChildRecords } from './ChildRecords.tsx';

const lines = [
  { Id: 1, IdTarifa: 5, IdProducto: null, IdFamilia: 2, Tipo: 'descuento', Valor: '10.0000', CantidadMinima: null },
];
const list = (items: unknown[]) => () => json(200, { Items: items, Total: items.length });

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET catalogo/tarifaslineas/list': list(lines),
    'GET catalogo/familias/list': list([{ Id: 2, Nombre: 'Tornillería', Baja: false }]),
    'GET catalogo/productos/list': list([{ Id: 9, Descripcion: 'Tornillo M6', Baja: false }]),
    ...routes,
  });
  renderUi(
    <ChildRecords child={ENTITIES.tarifaslineas} parentField="IdTarifa" parentId={5} title="Líneas" readOnly={false} />,
    { session: fakeSession() },
  );
  return net;
}

describe('tariff lines editor', () => {
  it('lists the lines of the tariff with the family by name and the type label', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Tornillería')).toBeTruthy();
    expect(screen.getByText('Descuento')).toBeTruthy();
    const listCall = calls.find((c) => c.path === 'catalogo/tarifaslineas/list');
    expect(JSON.parse(listCall?.url.searchParams.get('Filtros') ?? '{}')).toEqual({ IdTarifa: 5 });
  });

  it('asks for a product or a family (the entity rule) and saves a line under the tariff', async () => {
    const { calls } = setup({ 'POST catalogo/tarifaslineas/save': () => json(201, { Id: 2 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir línea' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MSG_DATOS.lineTarget)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Valor/), { target: { value: '12,5' } });
    await userEvent.click(
      within(dialog).getByLabelText(/^Tipo de descuento/, { selector: 'input:not([type=hidden])' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Precio fijo', hidden: true }));
    await userEvent.click(within(dialog).getByLabelText(/^Producto/, { selector: 'input:not([type=hidden])' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tornillo M6', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body));
    expect(body).toMatchObject({ IdTarifa: 5, IdProducto: 9, Tipo: 'precio', Valor: '12.5' });
  });
});
