import { describe, expect, it } from 'vitest';
import { instalments, toPaymentDay } from './instalments.ts';
import { type PriceQuery, resolvePrice, type Tariff } from './tariffPrice.ts';

const TARIFA: Tariff = {
  Id: 7,
  DescuentoGeneral: '5',
  FechaDesde: '2025-01-01',
  FechaHasta: '2025-12-31',
  Lineas: [
    { IdProducto: 1, Tipo: 'precio', Valor: '9.90' },
    { IdProducto: 1, Tipo: 'precio', Valor: '8.50', CantidadMinima: '100' },
    { IdFamilia: 20, Tipo: 'descuento', Valor: '12' },
    { IdFamilia: 10, Tipo: 'descuento', Valor: '3' },
    { IdFamilia: 10, Tipo: 'descuento', Valor: '6', CantidadMinima: '50' },
  ],
};
const GRUPO: Tariff = { Id: 8, Lineas: [{ IdFamilia: 10, Tipo: 'precio', Valor: '1' }] };

const q = (over: Partial<PriceQuery>): PriceQuery => ({
  precioBase: '12.00',
  idProducto: 1,
  familias: [20, 10],
  cantidad: '1',
  fecha: '2025-06-15',
  tarifas: [TARIFA],
  ...over,
});

describe('the price a customer gets (one function, table-driven)', () => {
  it.each<[string, Partial<PriceQuery>, string, string, string, string, number | null]>([
    // case, query, Precio, Descuento, PrecioNeto, Origen, IdTarifa
    ['no tariff: the base price', { tarifas: [] }, '12.0000', '0.00', '12.0000', 'base', null],
    ['fixed price for the product', {}, '9.9000', '0.00', '9.9000', 'producto', 7],
    ['product line from 100 units', { cantidad: '100' }, '8.5000', '0.00', '8.5000', 'producto', 7],
    ['99.999 units do not reach 100', { cantidad: '99.999' }, '9.9000', '0.00', '9.9000', 'producto', 7],
    ['nearest family beats the parent', { idProducto: 2 }, '12.0000', '12.00', '10.5600', 'familia', 7],
    [
      'parent family when the own has no line',
      { idProducto: 2, familias: [30, 10] },
      '12.0000',
      '3.00',
      '11.6400',
      'familia',
      7,
    ],
    [
      'parent family line from 50 units',
      { idProducto: 2, familias: [30, 10], cantidad: '50' },
      '12.0000',
      '6.00',
      '11.2800',
      'familia',
      7,
    ],
    ['general discount otherwise', { idProducto: 3, familias: [40] }, '12.0000', '5.00', '11.4000', 'general', 7],
    ['product without family', { idProducto: 3, familias: [] }, '12.0000', '5.00', '11.4000', 'general', 7],
    [
      'before the tariff starts: next tariff (group)',
      { fecha: '2024-12-31', tarifas: [TARIFA, GRUPO], idProducto: 2 },
      '1.0000',
      '0.00',
      '1.0000',
      'familia',
      8,
    ],
    ['after it ends and no other: base', { fecha: '2026-01-01' }, '12.0000', '0.00', '12.0000', 'base', null],
    [
      'a tariff on Baja is skipped',
      { tarifas: [{ ...TARIFA, Baja: true }, null, GRUPO], idProducto: 2 },
      '1.0000',
      '0.00',
      '1.0000',
      'familia',
      8,
    ],
    [
      'tariff with no line and no general discount',
      { tarifas: [{ Id: 9, Lineas: [] }] },
      '12.0000',
      '0.00',
      '12.0000',
      'base',
      9,
    ],
    [
      'decimals never go through floats',
      { precioBase: '0.1', idProducto: 2, familias: [99, 20] },
      '0.1000',
      '12.00',
      '0.0880',
      'familia',
      7,
    ],
    [
      'rounding half away from zero',
      { precioBase: '1.005', idProducto: 3, familias: [], tarifas: [{ Id: 1, DescuentoGeneral: '50', Lineas: [] }] },
      '1.0050',
      '50.00',
      '0.5025',
      'general',
      1,
    ],
  ])('%s', (_case, over, Precio, Descuento, PrecioNeto, Origen, IdTarifa) => {
    expect(resolvePrice(q(over))).toEqual({ Precio, Descuento, PrecioNeto, Origen, IdTarifa });
  });
});

describe('payment instalments and payment days', () => {
  it.each<[string, string, number[], string]>([
    ['2025-03-10', 'no days', [], '2025-03-10'],
    ['2025-03-10', 'later day this month', [5, 20], '2025-03-20'],
    ['2025-03-21', 'first day next month', [5, 20], '2025-04-05'],
    ['2025-02-15', 'day 31 in February is its last day', [31], '2025-02-28'],
    ['2025-12-28', 'across the year', [10], '2026-01-10'],
  ])('%s, %s', (date, _case, days, expected) => {
    expect(toPaymentDay(date, days)).toBe(expected);
  });

  it('splits into equal parts, the last one taking the cents left', () => {
    expect(instalments('2025-01-31', '100.00', { Plazos: 3, DiasPrimerPlazo: 30, DiasEntrePlazos: 30 })).toEqual([
      { Fecha: '2025-03-02', Importe: '33.33' },
      { Fecha: '2025-04-01', Importe: '33.33' },
      { Fecha: '2025-05-01', Importe: '33.34' },
    ]);
    expect(instalments('2025-01-10', '50', { Plazos: 1 }, [15])).toEqual([{ Fecha: '2025-01-15', Importe: '50.00' }]);
  });
});
