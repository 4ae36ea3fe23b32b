import { describe, expect, it } from 'vitest';
import { type CuentasEmpresa, cuadre } from './asientos.ts';
import { asientoMovimientoTesoreria, cuentaDiferenciaArqueo } from './asientosTesoreria.ts';

const empresa = (Digitos: number): CuentasEmpresa => ({
  Digitos,
  Compras: '600',
  Gastos: '629',
  VentasProductos: '700',
  VentasServicios: '705',
});
const banco = { Codigo: '2', Nombre: 'Banco X', Tipo: 'banco' };
const caja = { Codigo: '1', Nombre: 'Caja', Tipo: 'caja' };

describe('treasury entries', () => {
  it.each([
    // [account, importe, contra, digits, expected debit line, expected credit line]
    [banco, '-12.00', '626', 10, '6260000000', '5720000002'],
    [banco, '-12.00', '626', 8, '62600000', '57200002'],
    [banco, '30.00', '769', 10, '5720000002', '7690000000'],
    [caja, '-7.55', cuentaDiferenciaArqueo('-7.55'), 10, '6780000000', '5700000001'],
    [caja, '0.40', cuentaDiferenciaArqueo('0.40'), 10, '5700000001', '7780000000'],
  ] as const)('%o %s against %s (%i digits): D %s / H %s, balanced', (Cuenta, Importe, contra, d, debe, haber) => {
    const a = asientoMovimientoTesoreria(
      { Fecha: '2027-01-31', Importe, Documento: 'Mov', Cuenta, Contrapartida: contra, Concepto: 'Comisión — Banco X' },
      empresa(d),
      1,
      'movimiento',
    );
    expect(cuadre(a).Cuadra).toBe(true);
    const importe = Importe.replace('-', '');
    expect(a.Apuntes.map((l) => [l.Subcuenta, l.Debe, l.Haber, l.Contrapartida])).toEqual([
      [debe, importe, '0.00', haber],
      [haber, '0.00', importe, debe],
    ]);
    expect(a.Apuntes.every((l) => l.Concepto === 'Comisión — Banco X')).toBe(true);
  });

  it('a zero movement has no lines', () => {
    const a = asientoMovimientoTesoreria(
      { Fecha: '2027-01-31', Importe: '0.00', Documento: '', Cuenta: caja, Contrapartida: '678', Concepto: 'x' },
      empresa(10),
      1,
      'arqueo',
    );
    expect(a.Apuntes).toEqual([]);
  });
});
