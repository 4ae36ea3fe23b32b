import { ENTITIES } from '@faro/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { EntityListPage } from './EntityListPage.tsx';
import { simularTelefono } from './simularTelefono.ts';

function setup(path: string) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  mockFetch({
    'GET catalogo/familias/list': () =>
      json(200, { Items: [{ Id: 1, Codigo: 'F1', Nombre: 'Herramientas' }], Total: 1 }),
  });
  renderUi(<EntityListPage entity={ENTITIES.familias} />, { session: fakeSession(), path });
}

describe('generic list: the filter bar on a phone', { timeout: 20_000 }, () => {
  it("folds behind 'Filtros' with the count of active filters (search and Baja included)", async () => {
    simularTelefono();
    setup('/familias/lista?buscar=her&baja=todos');
    expect((await screen.findAllByText('Herramientas')).length).toBeGreaterThan(0);
    const boton = screen.getByRole('button', { name: /Filtros/ });
    expect(within(boton).getByTestId('filtros-activos').textContent).toBe('2');
    expect(screen.queryByLabelText('Buscar')).toBeNull();
    fireEvent.click(boton);
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('her');
    expect(screen.getByRole('radiogroup', { name: 'Estado' })).toBeTruthy();
  });

  it('on a wide screen shows the filters with no Filtros button', async () => {
    setup('/familias/lista');
    expect((await screen.findAllByText('Herramientas')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Buscar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
  });
});
