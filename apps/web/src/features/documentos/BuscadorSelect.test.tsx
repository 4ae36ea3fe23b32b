import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { BuscadorSelect } from './BuscadorSelect.tsx';

configure({ asyncUtilTimeout: 5000 });

interface Fila {
  Id: number;
  Nombre: string;
}
const TODOS: Fila[] = [
  { Id: 1, Nombre: 'Ayuntamiento de Villanueva' },
  { Id: 2, Nombre: 'Hostelería del Ebro SL' },
  { Id: 3, Nombre: 'Bar Sur' },
];

function setup() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET ventas/clientes/list': (_init, url) => {
      const buscar = String(JSON.parse(url.searchParams.get('Filtros')!).Buscar ?? '').toLowerCase();
      const items = TODOS.filter((c) => c.Nombre.toLowerCase().includes(buscar));
      return json(200, { Items: items, Total: items.length });
    },
  });
  const onPick = vi.fn();
  renderUi(
    <BuscadorSelect<Fila>
      path="ventas/clientes/list"
      entidad="clientes"
      label="Cliente"
      value={null}
      etiqueta=""
      opcion={(c) => c.Nombre}
      onPick={onPick}
    />,
    { session: fakeSession() },
  );
  return { ...net, onPick };
}

const opciones = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

describe('BuscadorSelect', () => {
  it('while the search for the typed text is on its way, only the rows already shown that match it are offered', async () => {
    const { onPick } = setup();
    const input = screen.getByLabelText('Cliente', { selector: 'input:not([type=hidden])' });
    fireEvent.click(input);
    await waitFor(() => expect(opciones()).toHaveLength(3));
    // Typed fast (no wait for the 200 ms debounce): the stale first row is not offered any more.
    await userEvent.type(input, 'hosteleria', { delay: null });
    expect(opciones()).toEqual(['Hostelería del Ebro SL']);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onPick).toHaveBeenCalled());
    expect(onPick.mock.calls.at(-1)![0]).toMatchObject({ Id: 2 });
  });
});
