import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderUi } from '../../test/render.tsx';
import { destinosLlevado, LlevadoLineas } from '../documentos/LlevadoLineas.tsx';
import { documento } from './ventasTestData.ts';

const linea = (over: Record<string, unknown>) => ({
  IdProducto: null,
  Precio: '10.000000',
  Descuento: '0.00',
  TipoIva: 'IVA21',
  Importe: '10.00',
  ...over,
});

const pedido = (lineas: Record<string, unknown>[]) =>
  documento({ Tipo: 'pedido', Estado: 'Pendiente', EstadoCobro: null, Lineas: lineas.map(linea) as never });

describe('carried and pending quantities on the editor', () => {
  it('an order shows per line what was delivered and invoiced and what is pending', async () => {
    renderUi(
      <LlevadoLineas
        doc={pedido([
          {
            Id: 1,
            Descripcion: 'Martillo',
            Cantidad: '2.000',
            Servido: '0.500',
            PendienteServir: '1.500',
            Facturado: '0.000',
            PendienteFacturar: '2.000',
          },
          {
            Id: 2,
            Descripcion: 'Montaje',
            Cantidad: '1.000',
            Servido: '1.000',
            PendienteServir: '0.000',
            Facturado: '0.000',
            PendienteFacturar: '1.000',
          },
        ])}
      />,
      { session: fakeSession() },
    );
    const tabla = await screen.findByTestId('llevado-lineas');
    expect(tabla.textContent).toContain('Pendiente de servir');
    expect(tabla.textContent).toContain('Pendiente de facturar');
    expect(screen.getByTestId('pendiente-albaran-1').textContent).toBe('1,5');
    expect(screen.getByTestId('pendiente-factura-2').textContent).toBe('1');
    expect(screen.queryByTestId('pendiente-albaran-2')).toBeNull();
    expect(screen.getAllByText('Completo')).toHaveLength(1);
  });

  it('shows nothing until something was carried, nor on invoices', async () => {
    renderUi(
      <div data-testid="vacio">
        <LlevadoLineas
          doc={pedido([
            {
              Id: 1,
              Descripcion: 'Martillo',
              Cantidad: '2.000',
              Servido: '0.000',
              PendienteServir: '2.000',
              Facturado: '0.000',
              PendienteFacturar: '2.000',
            },
          ])}
        />
      </div>,
      { session: fakeSession() },
    );
    expect((await screen.findByTestId('vacio')).textContent).toBe('');
    expect(destinosLlevado(documento())).toEqual([]);
    expect(destinosLlevado(pedido([]))).toEqual(['albaran', 'factura']);
  });
});
