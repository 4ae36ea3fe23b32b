import type { RouteDef } from '@faro/domain';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { ComprasScreens } from './ComprasScreens.tsx';

configure({ asyncUtilTimeout: 5000 });

const CUENTAS = {
  Items: [
    { Id: 1, Nombre: 'Banco Norte', Tipo: 'banco', Baja: false },
    { Id: 2, Nombre: 'Caja tienda', Tipo: 'caja', Baja: false },
  ],
  Total: 2,
};
const LECTURA = {
  Lectura: {
    NIF: { Valor: 'B12345674', Confianza: 0.95 },
    Fecha: { Valor: '2026-03-14', Confianza: 0.9 },
    Total: { Valor: '56.20', Confianza: 0.95 },
    PorcentajeIva: { Valor: '21', Confianza: 0.95 },
    Cuota: { Valor: '9.75', Confianza: 0.95 },
    Comercio: { Valor: 'GASOLINERA LOS PINOS', Confianza: 0.55 },
    Tipos: [{ PorcentajeIva: '21', Base: '46.45', Cuota: '9.75' }],
  },
  Origen: 'ocr',
  Aviso: null,
};

function setup() {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    'GET tesoreria/tesoreria/list': () => json(200, CUENTAS),
    'POST compras/fgasto/ticket/leer': () => json(200, LECTURA),
    'POST compras/fgasto/ticket': () => json(201, { Id: 31, NumSerie: 'FC0031', Total: '56.20', Diferencia: '0.00' }),
  });
  renderUi(<ComprasScreens action="fgasto" segments={['ticket']} route={{ title: 'Gastos' } as RouteDef} />, {
    session: fakeSession(),
    path: '/fgasto/ticket',
  });
  return net;
}

describe('Ticket de gasto', { timeout: 30_000 }, () => {
  it('photo first: the fields read are prefilled and marked, doubtful ones say so; saving sends them with the photo', async () => {
    const { calls } = setup();
    await screen.findByRole('heading', { name: 'Ticket de gasto' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*,application/pdf');
    expect(input.getAttribute('capture')).toBe('environment');
    const foto = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3])], 'ticket.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(input, { target: { files: [foto] } });
    const total = (await screen.findByDisplayValue('56,20')) as HTMLInputElement;
    expect(total.getAttribute('data-leido')).toBe('si');
    expect((screen.getByLabelText(/NIF del comercio/) as HTMLInputElement).value).toBe('B12345674');
    expect(screen.getByText('Leído de la foto (dudoso): compruébalo')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '21 %' }) as HTMLInputElement).checked).toBe(true);

    // A field the person changes is no longer "read from the photo".
    fireEvent.change(total, { target: { value: '56,30' } });
    expect(total.getAttribute('data-leido')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar gasto' }));
    await screen.findByTestId('ticket-hecho');
    const envio = calls.find((c) => c.method === 'POST' && c.path === 'compras/fgasto/ticket')!;
    const form = envio.init.body as FormData;
    expect(JSON.parse(String(form.get('datos')))).toEqual({
      Fecha: '2026-03-14',
      Total: '56,30',
      PorcentajeIva: '21',
      Comercio: 'GASOLINERA LOS PINOS',
      NIF: 'B12345674',
      FormaPago: 'tarjeta',
      IdTesoreria: 1,
      Tipos: null,
    });
    expect((form.get('fichero') as File).name).toBe('ticket.pdf');
    await waitFor(() => expect(total.value).toBe(''));
  });
});
