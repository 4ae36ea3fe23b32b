import { describe, expect, it } from 'vitest';
import { TIPOS_PRUEBA } from '../sales/tiposIva.testkit.ts';
import type { DocumentoCalculo } from '../sales/totals.ts';
import { calcularTotalesCompra, diferenciaPapel, type OpcionesCompra, type TotalesCompra } from './totals.ts';

const l = (Cantidad: string | number, Precio: string | number, TipoIva: string) => ({ Cantidad, Precio, TipoIva });

type Esperado = Pick<
  TotalesCompra,
  | 'BaseImponible'
  | 'TotalIva'
  | 'TotalRecargo'
  | 'TotalRetencion'
  | 'Total'
  | 'CuotaAutoliquidada'
  | 'CuotaDeducible'
  | 'CuotaNoDeducible'
  | 'TotalAPagar'
>;
/** The expected totals: a figure not given is '0.00', and what is paid is the total unless given. */
const esperado = (e: Partial<Esperado> & Pick<Esperado, 'BaseImponible' | 'Total'>): Esperado => ({
  TotalIva: '0.00',
  TotalRecargo: '0.00',
  TotalRetencion: '0.00',
  CuotaAutoliquidada: '0.00',
  CuotaDeducible: '0.00',
  CuotaNoDeducible: '0.00',
  TotalAPagar: e.Total,
  ...e,
});
const CASES: { name: string; doc: DocumentoCalculo; op?: OpcionesCompra; expected: Esperado }[] = [
  {
    name: 'interior, two rates, all deductible',
    doc: { Lineas: [l(2, 50, 'IVA21'), l(1, 30, 'IVA10')] },
    expected: esperado({ BaseImponible: '130.00', TotalIva: '24.00', Total: '154.00', CuotaDeducible: '24.00' }),
  },
  {
    name: 'IVA + recargo de equivalencia (the retailer pays both; the recargo is not VAT to deduct)',
    doc: { Lineas: [l(1, 100, 'IVA21'), l(1, 100, 'IVA4')], RecargoEquivalencia: true },
    expected: esperado({
      BaseImponible: '200.00',
      TotalIva: '25.00',
      TotalRecargo: '5.70',
      Total: '230.70',
      CuotaDeducible: '25.00',
    }),
  },
  {
    name: 'professional with IRPF 15 % withheld (model 111)',
    doc: { Lineas: [l(1, 1000, 'IVA21')], PorcRetencion: 15 },
    expected: esperado({
      BaseImponible: '1000.00',
      TotalIva: '210.00',
      TotalRetencion: '150.00',
      Total: '1060.00',
      CuotaDeducible: '210.00',
    }),
  },
  {
    name: 'rental with IRPF 19 % (model 115) and 50 % of the VAT not deductible',
    doc: { Lineas: [l(1, 800, 'IVA21')], PorcRetencion: 19 },
    op: { PorcNoDeducible: 50 },
    expected: esperado({
      BaseImponible: '800.00',
      TotalIva: '168.00',
      TotalRetencion: '152.00',
      Total: '816.00',
      CuotaDeducible: '84.00',
      CuotaNoDeducible: '84.00',
    }),
  },
  {
    name: 'reverse charge (inversión del sujeto pasivo): 21 % self-assessed both sides, nothing paid as VAT',
    doc: { Lineas: [l(1, 1234.56, 'ISP')] },
    op: { Operacion: 'inversion' },
    expected: esperado({
      BaseImponible: '1234.56',
      Total: '1234.56',
      CuotaAutoliquidada: '259.26',
      CuotaDeducible: '259.26',
    }),
  },
  {
    name: 'intra-EU acquisition at 10 %',
    doc: { Lineas: [l(3, 33.33, 'IC')] },
    op: { Operacion: 'intracomunitaria', PorcAutoliquidacion: 10 },
    expected: esperado({
      BaseImponible: '99.99',
      Total: '99.99',
      CuotaAutoliquidada: '10.00',
      CuotaDeducible: '10.00',
    }),
  },
  {
    name: 'import (DUA): the customs VAT on the lines',
    doc: { Lineas: [l(1, 500, 'IVA21')] },
    op: { Operacion: 'importacion' },
    expected: esperado({ BaseImponible: '500.00', TotalIva: '105.00', Total: '605.00', CuotaDeducible: '105.00' }),
  },
  {
    name: 'IGIC (Canarias), two rates',
    doc: { Lineas: [l(1, 100, 'IGIC7'), l(2, 10.05, 'IGIC3')] },
    expected: esperado({ BaseImponible: '120.10', TotalIva: '7.60', Total: '127.70', CuotaDeducible: '7.60' }),
  },
  {
    name: 'IPSI (Ceuta, Melilla) with a third not deductible',
    doc: { Lineas: [l(1, 200, 'IPSI4'), l(1, 100, 'IPSI0.5')] },
    op: { PorcNoDeducible: '33.33' },
    expected: esperado({
      BaseImponible: '300.00',
      TotalIva: '8.50',
      Total: '308.50',
      CuotaDeducible: '5.67',
      CuotaNoDeducible: '2.83',
    }),
  },
];

describe('received invoice totals for every regime', () => {
  it.each(CASES)('$name', ({ doc, op, expected }) => {
    const t = calcularTotalesCompra(doc, TIPOS_PRUEBA, op);
    expect(t).toMatchObject(expected);
  });

  it('refuses VAT charged by the supplier on a self-assessed operation', () => {
    expect(() =>
      calcularTotalesCompra({ Lineas: [l(1, 10, 'IVA21')] }, TIPOS_PRUEBA, { Operacion: 'inversion' }),
    ).toThrow(/Línea 1: .*inversión del sujeto pasivo/);
  });

  it('refuses a non-deductible percentage outside 0–100', () => {
    expect(() =>
      calcularTotalesCompra({ Lineas: [l(1, 10, 'IVA21')] }, TIPOS_PRUEBA, { PorcNoDeducible: 101 }),
    ).toThrow('El porcentaje no deducible debe estar entre 0 y 100');
  });
});

describe("typed totals: the supplier's paper against the computed totals", () => {
  const calc = { BaseImponible: '100.00', TotalIva: '21.00', Total: '121.00' };
  it.each([
    { name: 'nothing typed', papel: {}, hay: null, pct: null },
    { name: 'all equal', papel: { BaseImponible: '100', TotalIva: '21.00', Total: '121' }, hay: false, pct: '0.00' },
    { name: 'one cent on the total', papel: { Total: '121.01' }, hay: true, pct: '0.01' },
    { name: 'a cent less on the VAT', papel: { TotalIva: '20.99', Total: '121' }, hay: true, pct: '0.05' },
    { name: 'ten euros more on the base', papel: { BaseImponible: '110,00' }, hay: true, pct: '10.00' },
  ])('$name', ({ papel, hay, pct }) => {
    const d = diferenciaPapel(calc, papel);
    if (hay === null) {
      expect(d).toBeNull();
      return;
    }
    expect(d?.HayDiferencia).toBe(hay);
    expect(d?.Porcentaje).toBe(pct);
  });

  it('gives each field its computed figure, the paper and the signed difference', () => {
    expect(diferenciaPapel(calc, { TotalIva: '20.99' })?.Campos).toEqual([
      { Campo: 'TotalIva', Calculado: '21.00', Papel: '20.99', Diferencia: '-0.01', Porcentaje: '0.05' },
    ]);
    expect(diferenciaPapel({ BaseImponible: '0', TotalIva: '0', Total: '0' }, { Total: '5' })?.Porcentaje).toBe(
      '100.00',
    );
  });
});
