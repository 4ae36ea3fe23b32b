import { configure, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTokens } from '../../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../../test/render.tsx';
import type { DocumentoVenta } from '../../documentos/documentosModel.ts';
import { usePlazosLista } from './PlazosLista.tsx';

configure({ asyncUtilTimeout: 5000 });

function Lista({ rows }: { rows: DocumentoVenta[] }) {
  const insignia = usePlazosLista(rows);
  return (
    <ul>
      {rows.map((d) => (
        <li key={d.Id} data-testid={`fila-${d.Id}`}>
          {insignia(d)}
        </li>
      ))}
    </ul>
  );
}

const doc = (Id: number, Tipo = 'factura') => ({ Id, Tipo }) as DocumentoVenta;

describe('the received invoices list’s e-invoice clocks', () => {
  beforeEach(() => {
    writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
    setCookie('XSRF-TOKEN', 'x');
  });

  it('asks once for the page’s invoices and badges only the e-invoices, with the whole sentence as title', async () => {
    const { calls } = mockFetch({
      'GET compras/fcompra/efactura/plazos': () =>
        json(200, {
          Items: [
            {
              IdDocumento: 1,
              Decision: null,
              Pagada: false,
              Nivel: 'vencido',
              TextoPlazo: 'Plazo para aceptarla o rechazarla vencido hace 2 días',
              Informe: 'decision',
              Limite: '2026-11-06',
              DiasRestantes: -2,
              Envio: null,
            },
            {
              IdDocumento: 2,
              Decision: 'aceptada',
              Pagada: false,
              Nivel: 'pendiente',
              TextoPlazo: 'Quedan 3 días para enviar la decisión',
              Informe: 'decision',
              Limite: '2026-11-06',
              DiasRestantes: 3,
              Envio: 'generado',
            },
          ],
        }),
    });
    renderUi(<Lista rows={[doc(1), doc(2), doc(3), doc(4, 'gasto')]} />, { session: fakeSession() });
    expect((await screen.findByTestId('fila-1')).textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('fila-1').textContent).toBe('E-factura: plazo vencido'));
    expect(screen.getByTestId('fila-2').textContent).toBe('E-factura: quedan 3 días');
    expect(screen.getByText('E-factura: quedan 3 días').closest('[title]')?.getAttribute('title')).toBe(
      'Quedan 3 días para enviar la decisión',
    );
    expect(screen.getByTestId('fila-3').textContent).toBe('');
    expect(calls.map((c) => `${c.path}?${c.url.searchParams}`)).toEqual([
      'compras/fcompra/efactura/plazos?Ids=1%2C2%2C3',
    ]);
  });
});
