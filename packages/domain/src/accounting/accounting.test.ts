import { describe, expect, it } from 'vitest';
import {
  type Asiento,
  ajustarCuenta,
  asientoCobro,
  asientoComision,
  asientoCompra,
  asientoPago,
  asientoVenta,
  type CuentasEmpresa,
  cuadre,
  type FacturaContable,
  type MovimientoContable,
  subcuenta,
} from './asientos.ts';
import { campo, lineaXDiario, lineaXSubCta, XDIARIO, XDIARIO_LONGITUD, XSUBCTA, xDiario } from './contaplus.ts';
import { proximoPlazoFiscal } from './plazos.ts';

const C10: CuentasEmpresa = {
  Digitos: 10,
  Compras: '6000000000',
  Gastos: '6290000000',
  VentasProductos: '7000000000',
  VentasServicios: '7050000000',
};
const C8: CuentasEmpresa = { ...C10, Digitos: 8 };
const cliente = { Codigo: '000012', Nombre: 'Ferretería Núñez SL', NIF: 'B12345674' };
const proveedor = { Codigo: 'P-7', Nombre: 'Suministros Ibéricos', NIF: 'A58818501' };
const banco = { Codigo: '2', Nombre: 'Banco', Tipo: 'banco' };
const caja = { Codigo: '1', Nombre: 'Caja', Tipo: 'caja', CuentaContable: '5700000001' };

const factura = (over: Partial<FacturaContable> = {}): FacturaContable => ({
  Fecha: '2026-02-10',
  NumSerie: 'F2026-000012',
  Tercero: cliente,
  Desglose: [
    { PorcIva: '21', Base: '100.00', Cuota: '21.00', PorcRecargo: '5.2', CuotaRecargo: '5.20' },
    { PorcIva: '10', Base: '50.00', Cuota: '5.00', PorcRecargo: '0', CuotaRecargo: '0.00' },
  ],
  BaseServicios: '30.00',
  Retencion: '0.00',
  Total: '181.20',
  ...over,
});
const mov = (Importe: string, over: Partial<MovimientoContable> = {}): MovimientoContable => ({
  Fecha: '2026-02-20',
  Importe,
  Documento: 'F2026-000012',
  Tercero: cliente,
  Cuenta: banco,
  ...over,
});

/** Every document kind, with the sum each entry must carry on both sides. */
const CASOS: { nombre: string; asiento: (c: CuentasEmpresa) => Asiento; total: string }[] = [
  { nombre: 'venta con recargo y servicios', asiento: (c) => asientoVenta(factura(), c, 1), total: '181.20' },
  {
    nombre: 'venta con retención IRPF',
    asiento: (c) =>
      asientoVenta(
        factura({
          Desglose: [{ PorcIva: '21', Base: '1000.00', Cuota: '210.00', PorcRecargo: '0', CuotaRecargo: '0.00' }],
          BaseServicios: '1000.00',
          Retencion: '150.00',
          Total: '1060.00',
        }),
        c,
        2,
      ),
    total: '1210.00',
  },
  {
    nombre: 'rectificativa de venta (negativa)',
    asiento: (c) =>
      asientoVenta(
        factura({
          NumSerie: 'R2026-000001',
          Desglose: [{ PorcIva: '21', Base: '-40.00', Cuota: '-8.40', PorcRecargo: '0', CuotaRecargo: '0.00' }],
          BaseServicios: '0',
          Total: '-48.40',
        }),
        c,
        3,
      ),
    total: '48.40',
  },
  {
    nombre: 'venta exenta',
    asiento: (c) =>
      asientoVenta(
        factura({
          Desglose: [{ PorcIva: '0', Base: '80.00', Cuota: '0.00', PorcRecargo: '0', CuotaRecargo: '0.00' }],
          BaseServicios: '0',
          Total: '80.00',
        }),
        c,
        4,
      ),
    total: '80.00',
  },
  {
    nombre: 'compra con recargo',
    asiento: (c) => asientoCompra(factura({ Tercero: proveedor, NumSerie: 'FC2026-000003' }), c, 5, 'compra'),
    total: '181.20',
  },
  {
    nombre: 'compra intracomunitaria (autoliquidada)',
    asiento: (c) =>
      asientoCompra(
        factura({
          Tercero: proveedor,
          Desglose: [
            {
              PorcIva: '0',
              Base: '500.00',
              Cuota: '0.00',
              PorcRecargo: '0',
              CuotaRecargo: '0.00',
              Autoliquidada: '105.00',
            },
          ],
          Total: '500.00',
        }),
        c,
        6,
      ),
    total: '605.00',
  },
  {
    nombre: 'gasto de profesional con retención',
    asiento: (c) =>
      asientoCompra(
        factura({
          Tercero: proveedor,
          NumSerie: 'G2026-000009',
          Desglose: [{ PorcIva: '21', Base: '300.00', Cuota: '63.00', PorcRecargo: '0', CuotaRecargo: '0.00' }],
          Retencion: '45.00',
          Total: '318.00',
        }),
        c,
        7,
        'gasto',
      ),
    total: '363.00',
  },
  { nombre: 'cobro por banco', asiento: (c) => asientoCobro(mov('181.20'), c, 8), total: '181.20' },
  {
    nombre: 'cobro devuelto (negativo)',
    asiento: (c) => asientoCobro(mov('-181.20'), c, 9),
    total: '181.20',
  },
  {
    nombre: 'pago por caja',
    asiento: (c) => asientoPago(mov('318.00', { Tercero: proveedor, Cuenta: caja }), c, 10, 'gasto'),
    total: '318.00',
  },
  {
    nombre: 'comisión bancaria',
    asiento: (c) => asientoComision(mov('-3.50', { Documento: 'Comisión devolución', Tercero: undefined }), c, 11),
    total: '3.50',
  },
];

describe('journal entries balance for every document kind', () => {
  for (const caso of CASOS) {
    for (const c of [C10, C8]) {
      it(`${caso.nombre} (${c.Digitos} dígitos)`, () => {
        const a = caso.asiento(c);
        const q = cuadre(a);
        expect(q.Cuadra, JSON.stringify(a.Apuntes, null, 1)).toBe(true);
        expect((q.Debe / 100).toFixed(2)).toBe(caso.total);
        for (const ap of a.Apuntes) {
          expect(ap.Subcuenta).toMatch(new RegExp(`^\\d{${c.Digitos}}$`));
          expect(ap.Contrapartida).toMatch(new RegExp(`^\\d{${c.Digitos}}$`));
          // One side per line, never negative.
          expect(Number(ap.Debe) >= 0 && Number(ap.Haber) >= 0).toBe(true);
          expect(Number(ap.Debe) === 0 || Number(ap.Haber) === 0).toBe(true);
          expect(ap.Concepto.length).toBeLessThanOrEqual(25);
        }
      });
    }
  }

  it('a sale posts the customer, products, services, VAT per rate and the surcharge', () => {
    const a = asientoVenta(factura(), C10, 1);
    const lineas = a.Apuntes.map((x) => [x.Subcuenta, x.Debe, x.Haber, x.PorcIva ?? '', x.PorcRecargo ?? '']);
    expect(lineas).toEqual([
      ['4300000012', '181.20', '0.00', '', ''],
      ['7000000000', '0.00', '120.00', '', ''],
      ['7050000000', '0.00', '30.00', '', ''],
      ['4770000000', '0.00', '21.00', '21.00', '0.00'],
      ['4770000000', '0.00', '5.20', '0.00', '5.20'],
      ['4770000000', '0.00', '5.00', '10.00', '0.00'],
    ]);
    expect(a.Apuntes[0]!.Concepto).toBe('N/FRA F2026-000012 FERRET');
  });

  it('an expense goes to the expense account and the creditor (410), the withholding to 4751', () => {
    const a = CASOS[6]!.asiento(C10);
    expect(a.Apuntes.map((x) => [x.Subcuenta, x.Debe, x.Haber])).toEqual([
      ['6290000000', '300.00', '0.00'],
      ['4720000000', '63.00', '0.00'],
      ['4751000000', '0.00', '45.00'],
      ['4100000007', '0.00', '318.00'],
    ]);
  });

  it("a purchase that bought fixed assets debits each asset's 2xx for its cost, the rest of the base stays on 600", () => {
    const compra = factura({
      Tercero: proveedor,
      NumSerie: 'FC2026-000004',
      Desglose: [{ PorcIva: '21', Base: '1000.00', Cuota: '210.00', PorcRecargo: '0', CuotaRecargo: '0.00' }],
      Total: '1210.00',
    });
    const lineas = (a: Asiento) => a.Apuntes.map((x) => [x.Subcuenta, x.Debe, x.Haber]);
    const parte = asientoCompra({ ...compra, Activos: [{ Cuenta: '21700000', Centimos: 80000 }] }, C10, 1);
    expect(lineas(parte)).toEqual([
      ['6000000000', '200.00', '0.00'],
      ['2170000000', '800.00', '0.00'],
      ['4720000000', '210.00', '0.00'],
      ['4000000007', '0.00', '1210.00'],
    ]);
    expect(cuadre(parte).Cuadra).toBe(true);
    // Assets costing more than the base take the base, never a negative 600 line.
    const todo = asientoCompra(
      {
        ...compra,
        Activos: [
          { Cuenta: '2180000001', Centimos: 70000 },
          { Cuenta: '2170000000', Centimos: 50000 },
        ],
      },
      C10,
      2,
    );
    expect(lineas(todo).slice(0, 2)).toEqual([
      ['2180000001', '700.00', '0.00'],
      ['2170000000', '300.00', '0.00'],
    ]);
    expect(cuadre(todo).Cuadra).toBe(true);
  });

  it('subaccounts: prefix + code, own account adjusted to the company digits', () => {
    expect(subcuenta('430', '000012', 10)).toBe('4300000012');
    expect(subcuenta('430', 'C-0012', 8)).toBe('43000012');
    expect(subcuenta('430', '123456789', 6)).toBe('430789');
    expect(ajustarCuenta('7000000000', 8)).toBe('70000000');
    expect(ajustarCuenta('70500001', 10)).toBe('7050000001');
    expect(ajustarCuenta('5720000003', 10)).toBe('5720000003');
  });
});

describe('ContaPlus XDiario and XSubCta fixed positions', () => {
  const a = asientoVenta(factura(), C10, 42);
  const lineas = xDiario([a]).split('\r\n');

  it('one 297-character line per entry line, CRLF', () => {
    expect(lineas.pop()).toBe('');
    expect(lineas).toHaveLength(a.Apuntes.length);
    expect(XDIARIO_LONGITUD).toBe(297);
    for (const l of lineas) expect(l).toHaveLength(XDIARIO_LONGITUD);
  });

  it('field by field: the VAT line of 21 %', () => {
    const l = lineaXDiario(a, a.Apuntes[3]!);
    const f = (n: string) => campo(XDIARIO, l, n);
    expect(f('ASIEN')).toBe('    42');
    expect(f('FECHA')).toBe('20260210');
    expect(f('SUBCTA')).toBe('4770000000  ');
    expect(f('CONTRA')).toBe('4300000012  ');
    expect(f('PTADEBE')).toBe('            0.00');
    expect(f('CONCEPTO')).toBe('N/FRA F2026-000012 FERRET');
    expect(f('PTAHABER')).toBe('            0.00');
    expect(f('FACTURA')).toBe('      12');
    expect(f('BASEIMPO')).toBe('            0.00');
    expect(f('IVA')).toBe('21.00');
    expect(f('RECEQUIV')).toBe(' 0.00');
    expect(f('DOCUMENTO')).toBe('F2026-0000');
    expect(f('SERIE')).toBe('F');
    expect(f('MONEDAUSO')).toBe('2');
    expect(f('EURODEBE')).toBe('            0.00');
    expect(f('EUROHABER')).toBe('           21.00');
    expect(f('BASEEURO')).toBe('          100.00');
    expect(f('NOCONV')).toBe('F');
    expect(l.slice(286, 297)).toBe(`F${' '.repeat(10)}`);
  });

  it('field by field: the customer line (debit, no VAT)', () => {
    const l = lineaXDiario(a, a.Apuntes[0]!);
    expect(campo(XDIARIO, l, 'SUBCTA').trim()).toBe('4300000012');
    expect(campo(XDIARIO, l, 'EURODEBE')).toBe('          181.20');
    expect(campo(XDIARIO, l, 'EUROHABER')).toBe('            0.00');
    expect(campo(XDIARIO, l, 'IVA')).toBe(' 0.00');
    expect(campo(XDIARIO, l, 'BASEEURO')).toBe('            0.00');
  });

  it('XSubCta: code, title and NIF in their places, ASCII upper case', () => {
    const l = lineaXSubCta({
      Codigo: '4300000012',
      Titulo: 'Ferretería Núñez SL',
      NIF: 'B12345674',
      Poblacion: 'Logroño',
      CodPostal: '26001',
    });
    expect(l).toHaveLength(152);
    expect(campo(XSUBCTA, l, 'COD')).toBe('4300000012  ');
    expect(campo(XSUBCTA, l, 'TITULO').trimEnd()).toBe('FERRETERIA NUNEZ SL');
    expect(campo(XSUBCTA, l, 'NIF').trimEnd()).toBe('B12345674');
    expect(campo(XSUBCTA, l, 'POBLACION').trimEnd()).toBe('LOGRONO');
    expect(campo(XSUBCTA, l, 'CODPOSTAL')).toBe('26001');
  });
});

describe('next AEAT quarterly deadline', () => {
  it.each([
    ['2026-01-05', '2026-01-30', '4T', 2025],
    ['2026-01-30', '2026-01-30', '4T', 2025],
    ['2026-01-31', '2026-04-20', '1T', 2026],
    ['2026-05-01', '2026-07-20', '2T', 2026],
    ['2026-08-01', '2026-10-20', '3T', 2026],
    ['2026-11-25', '2027-01-30', '4T', 2026],
  ])('%s → %s', (hoy, fecha, periodo, anyo) => {
    expect(proximoPlazoFiscal(hoy)).toMatchObject({ Fecha: fecha, Periodo: periodo, Anyo: anyo });
  });
  it('counts the days left', () => {
    expect(proximoPlazoFiscal('2026-04-10').Dias).toBe(10);
  });
});
