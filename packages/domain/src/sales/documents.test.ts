import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { documentoVentaSchema, estadosEditables, superaLimiteSimplificada } from './documents.ts';

describe('sales document rules', () => {
  casos('simplified invoice of %s € (retail %s) over the limit: %s', superaLimiteSimplificada, [
    ['400.00', false, false],
    ['400.01', false, true],
    ['3000.00', true, false],
    ['3000.01', true, true],
  ]);

  it('lets a user set only the draft status of an invoice and every status of the other kinds', () => {
    expect(estadosEditables('factura')).toEqual(['Provisional']);
    expect(estadosEditables('pedido')).toEqual(['Pendiente', 'Entregado', 'Anulada']);
  });

  it('parses Spanish decimals and refuses empty lines and bad numbers', () => {
    const ok = documentoVentaSchema.safeParse({
      Cliente: 1,
      Fecha: '2026-01-01',
      Lineas: [{ Descripcion: 'x', Cantidad: '1,5', Precio: 2, TipoIva: 'IVA21' }],
    });
    expect(ok.success && ok.data.Lineas[0]!.Cantidad).toBe('1.5');
    expect(documentoVentaSchema.safeParse({ Cliente: 1, Fecha: '2026-01-01', Lineas: [] }).success).toBe(false);
    const bad = documentoVentaSchema.safeParse({
      Cliente: 1,
      Fecha: '2026-01-01',
      Lineas: [{ Descripcion: 'x', Cantidad: '1', Precio: '2', Descuento: '150', TipoIva: 'IVA21' }],
    });
    expect(bad.success).toBe(false);
  });
});
