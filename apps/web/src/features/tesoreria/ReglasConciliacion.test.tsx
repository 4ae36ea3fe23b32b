import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { MovimientoDesdeApunte, type Regla, ReglasConciliacion } from './ReglasConciliacion.tsx';

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

const suministros = { Id: 4, Descripcion: 'Suministros', Tipo: 'pago', Baja: false };
const regla: Regla = {
  Id: 3,
  Texto: 'RECIBO LUZ IBERDROLA',
  IdConcepto: 4,
  Descripcion: 'Recibo de la luz',
  Concepto: 'Suministros',
  CuentaContable: '6280000000',
  IdCliente: null,
  IdProveedor: 7,
  Contacto: 'Iberdrola Clientes SAU',
};
const conceptos = {
  'GET listas': () => json(200, { Listas: { conceptosmovs: [suministros] } }),
  'GET tesoreria/conceptosmovs/lookup': () => json(200, { Items: [suministros], Total: 1 }),
};

describe('reconciliation rules that name a customer or supplier', () => {
  it('the movement from a line matching a rule carries its supplier', async () => {
    const net = mockFetch({
      ...conceptos,
      'POST tesoreria/extractos/movimiento/9': () => json(201, { Movimiento: { Id: 1 }, IdRegla: null }),
    });
    renderUi(
      <MovimientoDesdeApunte
        apunte={{
          Id: 9,
          Concepto: 'RECIBO LUZ IBERDROLA FEB',
          Etiqueta: 'Recibo luz · 10/02/2031 · -61,40 €',
          Regla: regla,
        }}
        onClose={() => {}}
      />,
      { session: fakeSession() },
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Crear movimiento desde el apunte' });
    expect(
      (within(dialogo).getByLabelText('Proveedor', { selector: 'input:not([type=hidden])' }) as HTMLInputElement).value,
    ).toBe('Iberdrola Clientes SAU');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Crear y conciliar' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(net.calls.find((c) => c.method === 'POST')!.init.body));
    expect(body).toMatchObject({ IdConcepto: 4, Descripcion: 'Recibo de la luz', IdProveedor: 7, IdCliente: null });
  });

  it('the rules list shows each rule with its customer or supplier', async () => {
    mockFetch({
      ...conceptos,
      'GET tesoreria/reglasconciliacion/list': () => json(200, { Items: [regla], Total: 1 }),
    });
    renderUi(<ReglasConciliacion />, { session: fakeSession() });
    const fila = (await screen.findByText('RECIBO LUZ IBERDROLA')).closest('tr')!;
    expect(within(fila).getByText('Iberdrola Clientes SAU')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Contacto' })).toBeTruthy();
  });
});
