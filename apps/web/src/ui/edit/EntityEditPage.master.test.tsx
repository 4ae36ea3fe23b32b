import { ENTITIES } from '@faro/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EntityScreen } from '../../app/entityScreens.ts';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';

const lead = { Id: 4, Codigo: 'P1', Nombre: 'Talleres Nuevos SL', NIF: '', TipoNIF: '', IdCliente: null, Baja: false };
const customer = { Id: 8, Codigo: '000008', Nombre: 'Ferretería Ana', NIF: 'B12345674', TipoNIF: '', Baja: false };

function setup(entity: keyof typeof ENTITIES, segments: string[], routes: Parameters<typeof mockFetch>[0]) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const empty = () => json(200, { Items: [], Total: 0 });
  const refs = Object.fromEntries(
    [
      'ventas/clientes',
      'configuracion/gruposcto',
      'rrhh/comerciales',
      'comunicaciones/segmentacion',
      'catalogo/tarifas',
      'configuracion/fpago',
    ].map((r) => [`GET ${r}/list`, empty]),
  );
  const net = mockFetch({ ...refs, ...routes });
  renderUi(<EntityScreen entity={ENTITIES[entity]} segments={segments} />, { session: fakeSession() });
  return net;
}

describe('generic edit screen of master data', () => {
  it('checks the NIF letter in the form (entity rules as the cross-field check)', async () => {
    setup('clientes', ['editar', '8'], { 'GET ventas/clientes/edit/8': () => json(200, customer) });
    const nif = await screen.findByDisplayValue('B12345674');
    fireEvent.change(nif, { target: { value: '12345678A' } });
    expect(await screen.findByText('La letra del DNI/NIE/NIF no es correcta')).toBeTruthy();
    fireEvent.change(nif, { target: { value: '12345678Z' } });
    await waitFor(() => expect(screen.queryByText('La letra del DNI/NIE/NIF no es correcta')).toBeNull());
  });

  it("shows the server's Avisos (duplicate NIF) after saving", async () => {
    const aviso = 'Ya hay otro cliente con el NIF B12345674: 000002 Otra SL';
    setup('clientes', ['editar', '8'], {
      'GET ventas/clientes/edit/8': () => json(200, customer),
      'PUT ventas/clientes/save/8': () => json(200, { ...customer, Nombre: 'Ferretería Ana SL', Avisos: [aviso] }),
    });
    fireEvent.change(await screen.findByDisplayValue('Ferretería Ana'), { target: { value: 'Ferretería Ana SL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByTestId('aviso')).textContent).toContain(aviso);
  });

  it('converts a potential customer with one click', async () => {
    const { calls } = setup('clientespot', ['editar', '4'], {
      'GET ventas/clientespot/edit/4': () => json(200, lead),
      'POST ventas/clientespot/convertir/4': () => json(201, { IdCliente: 12, Cliente: { Id: 12 } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Convertir en cliente' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('convertir/4'))).toBe(true));
    expect(await screen.findByText('El cliente potencial se ha convertido en cliente')).toBeTruthy();
  });

  it('offers no conversion once converted', async () => {
    setup('clientespot', ['editar', '4'], {
      'GET ventas/clientespot/edit/4': () => json(200, { ...lead, IdCliente: 12 }),
    });
    await screen.findByDisplayValue('Talleres Nuevos SL');
    expect(screen.queryByRole('button', { name: 'Convertir en cliente' })).toBeNull();
  });
});
