import { configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { PagarFacturaDesdeApunte } from './PagarFacturaDesdeApunte.tsx';

configure({ asyncUtilTimeout: 5000 });

const factura = (Id: number, Total: string, NumSerie: string | null = `FR-${Id}`) => ({
  Id,
  Tipo: 'factura',
  NumSerie,
  Fecha: '2026-11-02',
  ProveedorNombre: 'Suministros',
  Total,
});

describe('paying a received invoice with a statement charge', () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('proposes the registered invoice of the same amount and pays it with the line', async () => {
    const cuerpos: unknown[] = [];
    mockFetch({
      'GET compras/fcompra/list': () =>
        json(200, { Items: [factura(1, '50.00'), factura(2, '121.00'), factura(3, '121.00', null)], Total: 3 }),
      'POST tesoreria/extractos/pagar/9': (init) => {
        cuerpos.push(JSON.parse(String(init.body)));
        return json(201, { Id: 5 });
      },
    });
    let cerrado = false;
    renderUi(
      <PagarFacturaDesdeApunte
        apunte={{ Id: 9, Etiqueta: 'TRANSFERENCIA · 03/12/2026 · -121,00 €', Importe: '-121.00' }}
        onClose={() => {
          cerrado = true;
        }}
      />,
      { session: fakeSession() },
    );
    const campo = await screen.findByLabelText('Factura recibida', { selector: 'input:not([type=hidden])' });
    await waitFor(() => expect((campo as HTMLInputElement).value).toContain('FR-2'));
    await userEvent.click(screen.getByRole('button', { name: 'Pagar y conciliar' }));
    await waitFor(() => expect(cerrado).toBe(true));
    expect(cuerpos).toEqual([{ IdFactura: 2 }]);
  });
});
