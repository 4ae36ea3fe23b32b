import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { AsientoManualForm } from './AsientoManualForm.tsx';

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

const RUTA = 'impuestos/contabilidad/libro/asientos';

/** Fills the form (change events: typing key by key costs seconds per field on shared cores). */
function rellenar(debe: string, haber: string) {
  const poner = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
  poner(screen.getByLabelText('Concepto'), 'Aportación');
  poner(screen.getByRole('textbox', { name: 'Subcuenta 1' }), '5720000000');
  poner(screen.getByRole('textbox', { name: 'Debe 1' }), debe);
  poner(screen.getByRole('textbox', { name: 'Subcuenta 2' }), '1000000000');
  poner(screen.getByRole('textbox', { name: 'Haber 2' }), haber);
}

describe('manual entry form', () => {
  it('an unbalanced entry is refused in place with the sums, and nothing is sent', async () => {
    const net = mockFetch({ [`POST ${RUTA}`]: () => json(201, {}) });
    renderUi(<AsientoManualForm fecha="2026-05-01" onCreado={() => {}} />, { session: fakeSession(), path: '/' });
    rellenar('1.000,50', '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Crear asiento' }));
    expect(
      await screen.findByText(
        'El asiento no cuadra: el debe (1.000,50 €) y el haber (1.000,00 €) deben sumar lo mismo',
      ),
    ).toBeTruthy();
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
  }, 60_000);

  it('a balanced entry is sent with amounts in the server format and comes back numbered', async () => {
    const creado = vi.fn();
    const net = mockFetch({
      [`POST ${RUTA}`]: () => json(201, { Id: 7, Numero: 12, Fecha: '2026-05-01', Apuntes: [] }),
    });
    renderUi(<AsientoManualForm fecha="2026-05-01" onCreado={creado} />, { session: fakeSession(), path: '/' });
    rellenar('1.000,50', '1000,50');
    await userEvent.click(screen.getByRole('button', { name: 'Crear asiento' }));
    await vi.waitFor(() => expect(creado).toHaveBeenCalled());
    const post = net.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      Fecha: '2026-05-01',
      Concepto: 'Aportación',
      Apuntes: [
        { Subcuenta: '5720000000', Debe: '1000.50', Haber: '' },
        { Subcuenta: '1000000000', Debe: '', Haber: '1000.50' },
      ],
    });
    expect(creado.mock.calls[0]![0]).toMatchObject({ Numero: 12 });
  }, 60_000);
});
