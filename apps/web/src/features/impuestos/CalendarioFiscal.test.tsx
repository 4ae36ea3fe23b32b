import type { LineaCalendario } from '@faro/domain';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { CalendarioFiscal } from './CalendarioFiscal.tsx';

const linea = (o: Partial<LineaCalendario>): LineaCalendario => ({
  Modelo: '303',
  Nombre: 'IVA. Autoliquidación',
  Anyo: 2026,
  Periodo: '1T',
  Vence: '2026-04-20',
  Dias: 0,
  Estado: 'sin-preparar',
  EstadoTexto: 'Sin preparar',
  Vencido: false,
  IdDeclaracion: null,
  Justificante: null,
  JustificantePdf: false,
  FechaPresentacion: null,
  ...o,
});

beforeEach(() => {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
});

describe('fiscal calendar screen', () => {
  it('shows each deadline with its state; an overdue one says «Vencido»; the filter keeps to the URL', async () => {
    const items = [
      linea({
        Estado: 'presentado',
        EstadoTexto: 'Presentado',
        Justificante: '3031234567890',
        FechaPresentacion: '2026-04-15',
      }),
      linea({ Periodo: '2T', Vence: '2026-07-20', Estado: 'preparado', EstadoTexto: 'Preparado', Vencido: true }),
      linea({ Modelo: '390', Nombre: 'IVA. Resumen anual', Periodo: '0A', Vence: '2027-02-01' }),
    ];
    const net = mockFetch({
      'GET impuestos/calendario': () => json(200, { Anyo: 2026, Hoy: '2026-08-01', Items: items, Vencidos: 1 }),
    });
    renderUi(
      <CalendarioFiscal action="calendariofiscal" segments={['lista']} route={{ title: 'Calendario fiscal' }} />,
      {
        session: fakeSession(),
        path: '/calendariofiscal/lista?Anyo=2026',
      },
    );
    const tabla = await screen.findByRole('table', { name: 'Calendario fiscal 2026' });
    expect(await within(tabla).findByText('3031234567890')).toBeTruthy();
    expect(within(tabla).getAllByRole('row')).toHaveLength(4);
    expect(within(tabla).getByText('Vencido')).toBeTruthy();
    expect(screen.getByText('Hay 1 modelo con el plazo vencido sin marcar como presentado.')).toBeTruthy();
    expect(net.calls.some((c) => c.path === 'impuestos/calendario' && c.url.searchParams.get('Anyo') === '2026')).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Vencidos' }));
    expect(within(tabla).getAllByRole('row')).toHaveLength(2);
    expect(within(tabla).getByText('2.º trimestre')).toBeTruthy();
  });
});
