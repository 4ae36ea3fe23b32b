import { ENTITIES } from '@faro/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, testContext } from '../test/render.tsx';
import { CREATE_ACTIONS, CUSTOM_INPUTS, EDIT_PANELS, registerExtensions } from '../ui/extensions.ts';
import { EntityScreen } from './entityScreens.ts';

/** ui/ imports no feature; the features register their escape hatches with the entity chunk. */
describe('escape hatches registered by their features (app/entityScreens.ts)', () => {
  it('the entity chunk carries every bespoke input, panel and list button', () => {
    expect(Object.keys(CUSTOM_INPUTS).sort()).toEqual([
      'centros.Denegados',
      'clientes.Contactos',
      'clientes.DireccionesEnvio',
      'clientespot.Contactos',
      'empresa.Logo',
      'plantemail.Cuerpo',
      'proveedores.Contactos',
      'roles.Permisos',
      'usuarios.Roles',
    ]);
    expect(Object.keys(EDIT_PANELS).sort()).toEqual([
      'almacenes',
      'clientes',
      'clientes:crm',
      'clientespot:crm',
      'empleados',
      'empresa',
      'productos',
      'tarifas',
    ]);
    expect(Object.keys(CREATE_ACTIONS).sort()).toEqual([
      'clientes',
      'comerciales',
      'empleados',
      'productos',
      'proveedores',
    ]);
  });

  it('a key registered twice by two features is refused', () => {
    expect(() => registerExtensions({ panels: { tarifas: () => null } })).toThrow(/tarifas/);
    expect(() => registerExtensions({ panels: { tarifas: EDIT_PANELS.tarifas! } })).not.toThrow();
  });

  it.each([
    [3, true],
    [1, false],
  ])("the customers' list shows 'Importar' (registered by features/importar) at level %i: %s", async (level, shown) => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    mockFetch({ 'GET ventas/clientes/list': () => json(200, { Items: [], Total: 0 }) });
    const session = fakeSession({ Permisos: { ...testContext().Permisos, ConClientes: level as 1 | 3 } });
    renderUi(<EntityScreen entity={ENTITIES.clientes} segments={['lista']} />, { session });
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Importar' }) !== null).toBe(shown);
  });
});
