import { describe, expect, it } from 'vitest';
import { ESTADOS_COMPRA } from '../purchases/documents.ts';
import { ESTADOS_VENTA, estadosFiltro, NO_ANULADA } from './documents.ts';

describe("the status filter's choices (spec section 4)", () => {
  it('offers NoAnulada (provisional or issued) on invoices besides their statuses', () => {
    expect(estadosFiltro(ESTADOS_VENTA.factura, 'factura').map((o) => o.value)).toEqual([
      'Provisional',
      'Emitida',
      'Anulada',
      NO_ANULADA,
    ]);
    expect(NO_ANULADA).toBe('NoAnulada');
    expect(estadosFiltro(ESTADOS_COMPRA.factura, 'factura').map((o) => o.value)).toContain('NoAnulada');
  });
  it('keeps the other kinds to their own statuses', () => {
    expect(estadosFiltro(ESTADOS_VENTA.pedido, 'pedido').map((o) => o.value)).toEqual([
      'Pendiente',
      'Entregado',
      'Anulada',
    ]);
  });
});
