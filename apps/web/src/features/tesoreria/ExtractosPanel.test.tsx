import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ExtractosPanel } from './ExtractosPanel.tsx';

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

const cuenta = (Id: number, Nombre: string, Tipo: 'caja' | 'banco', Baja = false) => ({ Id, Nombre, Tipo, Baja });

describe('reconciliation screen (bank statements)', () => {
  it('asks its lists in one call with its statements and rules: 3 calls, no lookup of its own', async () => {
    const net = mockFetch({
      'GET tesoreria/extractos/list': () =>
        json(200, {
          Items: [
            {
              Id: 7,
              IdTesoreria: 2,
              NombreCuenta: 'Banco Norte',
              Fichero: 'n43.txt',
              Cuenta: '0049',
              FechaDesde: '2026-01-01',
              FechaHasta: '2026-01-31',
              SaldoInicial: '0.00',
              SaldoFinal: '1234.50',
              NumApuntes: 3,
              Pendientes: 1,
            },
          ],
          Total: 1,
        }),
      'GET tesoreria/reglasconciliacion/list': () => json(200, { Items: [], Total: 0 }),
      'GET tesoreria/conceptosmovs/lookup': () =>
        json(200, { Items: [{ Id: 1, Descripcion: 'Comisión bancaria', Tipo: 'pago' }], Total: 1 }),
      'GET tesoreria/tesoreria/lookup': () =>
        json(200, {
          Items: [
            cuenta(1, 'Caja', 'caja'),
            cuenta(2, 'Banco Norte', 'banco'),
            cuenta(3, 'Banco cerrado', 'banco', true),
          ],
          Total: 3,
        }),
    });
    renderUi(<ExtractosPanel />, { session: fakeSession(), path: '/movstesoreria/lista?pestana=extractos' });
    expect(await screen.findByText('1.234,50 €')).toBeTruthy();
    await screen.findByText('Todavía no hay reglas');
    const rutas = net.calls.map((c) => c.path).sort();
    expect(rutas).toEqual(['listas', 'tesoreria/extractos/list', 'tesoreria/reglasconciliacion/list']);
    const listas = net.calls.find((c) => c.path === 'listas')!;
    expect(listas.url.searchParams.get('incluir')).toBe('conceptosmovs,tesoreria');
  });
});
