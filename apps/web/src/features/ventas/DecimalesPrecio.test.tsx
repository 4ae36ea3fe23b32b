import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { DocumentoEditor } from './DocumentoEditor.tsx';
import { catalogos, documento } from './ventasTestData.ts';

// Two cores shared by everyone: the screens render slowly under load.
configure({ asyncUtilTimeout: 5000 });

/** The editor with a company whose rounding decimals are `decimales` (infoempre DecimalesRedondeo). */
function setup(decimales: number, precioTarifa = '12.00') {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  mockFetch({
    ...catalogos(),
    'GET ventas/docventahist/fventa/5': () => json(200, { Items: [] }),
    'GET ventas/fventa/edit/5': () => json(200, documento()),
    'GET catalogo/tarifas/precio': () =>
      json(200, { Precio: precioTarifa, Descuento: '0.00', PrecioNeto: precioTarifa, Origen: 'producto', IdTarifa: 1 }),
  });
  renderUi(<DocumentoEditor recurso="fventa" id="5" />, { session: fakeSession({ DecimalesRedondeo: decimales }) });
}

const cell = (name: string) => screen.getByLabelText(name, { selector: 'input:not([type=hidden])' });

/** Once the invoice has loaded, 1000 units of its line at 1,2345 €. */
async function milA12345() {
  await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('25,41 €'));
  fireEvent.change(cell('Cantidad 1'), { target: { value: '1000' } });
  fireEvent.change(cell('Precio 1'), { target: { value: '1,2345' } });
}

describe('unit prices with the company decimals (live totals as the server stores them)', { timeout: 20_000 }, () => {
  it('a company with 4 decimals: 1000 × 1,2345 = 1234,50 and the total with IVA 21 %', async () => {
    setup(4);
    await milA12345();
    // 1000 × 1.2345 = 1234.50; IVA 21 % = 259.245 → 259.25; total 1493.75
    await waitFor(() => expect(screen.getByTestId('importe-1').textContent).toBe('1.234,50 €'));
    expect(screen.getByTestId('total').textContent).toBe('1.493,75 €');
    fireEvent.blur(cell('Precio 1'));
    expect(screen.queryByText(/admite como máximo/)).toBeNull();
    // A fifth decimal is more than the company allows: the cell says so in Spanish.
    fireEvent.change(cell('Precio 1'), { target: { value: '1,23456' } });
    fireEvent.blur(cell('Precio 1'));
    expect(await screen.findByText('El precio admite como máximo 4 decimales')).toBeTruthy();
  });

  it('the default 2 decimals: the same price counts as 1,23 (what the server stores) and is flagged', async () => {
    setup(2);
    await milA12345();
    await waitFor(() => expect(screen.getByTestId('importe-1').textContent).toBe('1.230,00 €'));
    fireEvent.blur(cell('Precio 1'));
    expect(await screen.findByText('El precio admite como máximo 2 decimales')).toBeTruthy();
  });

  it('a tariff price comes into the cell rounded to the company decimals', async () => {
    setup(4, '12.345678');
    await screen.findByTestId('linea-1');
    await userEvent.click(cell('Producto 1'));
    await userEvent.click(await screen.findByRole('option', { name: 'MART · Martillo de carpintero', hidden: true }));
    await waitFor(() => expect((cell('Precio 1') as HTMLInputElement).value).toBe('12,3457'));
  });
});
