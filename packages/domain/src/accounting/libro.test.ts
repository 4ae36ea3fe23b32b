import { describe, expect, it } from 'vitest';
import { asientoCompra, asientoVenta, type CuentasEmpresa, cuadre } from './asientos.ts';
import { asientoInverso, asientoManualSchema, efectoAsientos, MSG_LIBRO } from './libro.ts';
import {
  balanceSituacion,
  lineaDeCuenta,
  MODELO_ACTIVO,
  MODELO_PASIVO,
  MODELO_PYG,
  perdidasYGanancias,
  type SaldoCuenta,
} from './pgcPymes.ts';

const C: CuentasEmpresa = {
  Digitos: 10,
  Compras: '6000000000',
  Gastos: '6290000000',
  VentasProductos: '7000000000',
  VentasServicios: '7050000000',
};
const cliente = { Codigo: '12', Nombre: 'Cliente SL', NIF: 'B12345674' };
const venta = asientoVenta(
  {
    Fecha: '2026-03-01',
    NumSerie: 'F-1',
    Tercero: cliente,
    Desglose: [{ PorcIva: '21', Base: '1000.00', Cuota: '210.00', PorcRecargo: '0', CuotaRecargo: '0' }],
    BaseServicios: '1000.00',
    Retencion: '150.00',
    Total: '1060.00',
  },
  C,
  1,
);
const inversion = asientoCompra(
  {
    Fecha: '2026-03-02',
    NumSerie: 'P-1',
    Tercero: { Codigo: '3', Nombre: 'Proveedor UE' },
    Desglose: [
      { PorcIva: '0', Base: '500.00', Cuota: '0', PorcRecargo: '0', CuotaRecargo: '0', Autoliquidada: '105.00' },
    ],
    Retencion: '0',
    Total: '500.00',
  },
  C,
  2,
);

/** Balances (debe − haber) of a set of entries, as the ledger's GROUP BY gives them. */
const saldos = (...asientos: Parameters<typeof efectoAsientos>[0]): SaldoCuenta[] =>
  [...efectoAsientos(asientos)].map(([Cuenta, Saldo]) => ({ Cuenta, Saldo }));

describe('PGC PYMES models', () => {
  it('maps each account to the line of its longest prefix', () => {
    const todos = [MODELO_ACTIVO, MODELO_PASIVO];
    expect(lineaDeCuenta('4751000000', todos)).toBe('PC.IV.2');
    expect(lineaDeCuenta('4720000000', todos)).toBe('B.II.3');
    expect(lineaDeCuenta('4300000012', todos)).toBe('B.II.1');
    expect(lineaDeCuenta('5720000002', todos)).toBe('B.VI');
    expect(lineaDeCuenta('2810000000', todos)).toBe('A.II');
    expect(lineaDeCuenta('6260000000', [MODELO_PYG])).toBe('7');
    expect(lineaDeCuenta('7050000000', [MODELO_PYG])).toBe('1');
    expect(lineaDeCuenta('6810000000', [MODELO_PYG])).toBe('8');
  });

  it('pérdidas y ganancias: income positive, expenses negative, totals add their lines', () => {
    const pyg = perdidasYGanancias(saldos(venta, inversion));
    const l = (k: string) => pyg.find((x) => x.Clave === k)!.Importe;
    expect(l('1')).toBe(100_000);
    expect(l('4')).toBe(-50_000);
    expect(l('A')).toBe(50_000);
    expect(l('D')).toBe(50_000);
    expect(pyg.find((x) => x.Clave === '1')!.Cuentas).toEqual(['7050000000']);
  });

  it('balance de situación: activo equals patrimonio neto y pasivo with the open year in «Resultado del ejercicio»', () => {
    const b = balanceSituacion(saldos(venta, inversion));
    const a = (k: string) => b.Activo.find((x) => x.Clave === k)!.Importe;
    const p = (k: string) => b.Pasivo.find((x) => x.Clave === k)!.Importe;
    expect(a('B.II.1')).toBe(106_000);
    expect(a('B.II.3')).toBe(15_000 + 10_500);
    expect(p('PN.VII')).toBe(50_000);
    expect(p('PC.IV.1')).toBe(50_000);
    expect(p('PC.IV.2')).toBe(21_000 + 10_500);
    expect(a('TA')).toBe(p('TP'));
    expect(b.SinClasificar).toEqual([]);
  });

  it('keeps an account no line covers apart instead of dropping it', () => {
    const b = balanceSituacion([
      { Cuenta: '9990000000', Saldo: 500 },
      { Cuenta: '5700000000', Saldo: -500 },
    ]);
    expect(b.SinClasificar).toEqual([{ Cuenta: '9990000000', Saldo: 500 }]);
  });
});

describe('manual entries and reverse entries', () => {
  const linea = (Subcuenta: string, Debe: string, Haber = '') => ({ Subcuenta, Debe, Haber });

  it('accepts a balanced entry and keeps its amounts in cents', () => {
    const r = asientoManualSchema.parse({
      Fecha: '2026-05-01',
      Concepto: 'Aportación',
      Apuntes: [linea('5720000000', '1000.50'), linea('1000000000', '', '1000.50')],
    });
    expect(r.Apuntes.map((a) => [a.Debe, a.Haber])).toEqual([
      [100_050, 0],
      [0, 100_050],
    ]);
  });

  it('refuses an unbalanced entry with the sums in the message', () => {
    const r = asientoManualSchema.safeParse({
      Fecha: '2026-05-01',
      Concepto: 'Descuadre',
      Apuntes: [linea('5720000000', '100'), linea('1000000000', '', '99.99')],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(MSG_LIBRO.descuadrado('100.00', '99.99'));
  });

  it('refuses a line with both sides, one without amount, and a single line', () => {
    const r = asientoManualSchema.safeParse({
      Fecha: '2026-05-01',
      Concepto: 'x',
      Apuntes: [linea('5720000000', '1', '1'), linea('1000000000', '')],
    });
    expect(r.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([MSG_LIBRO.unLado, MSG_LIBRO.sinImporte]),
    );
    const una = asientoManualSchema.safeParse({ Fecha: '2026-05-01', Concepto: 'x', Apuntes: [linea('570', '1')] });
    expect(una.error!.issues.map((i) => i.message)).toContain(MSG_LIBRO.pocasLineas);
  });

  it('a reverse entry balances and cancels the original account by account', () => {
    const inv = asientoInverso(venta, '2026-04-01');
    expect(cuadre(inv).Cuadra).toBe(true);
    expect(inv.Fecha).toBe('2026-04-01');
    expect(efectoAsientos([venta, inv]).size).toBe(0);
    expect(efectoAsientos([venta]).size).toBeGreaterThan(0);
  });
});
