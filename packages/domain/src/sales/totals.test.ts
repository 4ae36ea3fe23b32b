import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { TIPOS_PRUEBA } from './tiposIva.testkit.ts';
import {
  calcularTotales,
  type DocumentoCalculo,
  decimalesPrecio,
  precioCabe,
  redondearPrecio,
  TotalsError,
} from './totals.ts';

const linea = (Cantidad: string | number, Precio: string | number, TipoIva: string, Descuento?: string | number) => ({
  Cantidad,
  Precio,
  TipoIva,
  Descuento,
});

interface Esperado {
  Lineas?: string[];
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  TotalRetencion: string;
  Total: string;
}
/** The expected totals: a tax figure not given is '0.00'. */
const esperado = (e: Partial<Esperado> & Pick<Esperado, 'BaseImponible' | 'Total'>): Esperado => ({
  TotalIva: '0.00',
  TotalRecargo: '0.00',
  TotalRetencion: '0.00',
  ...e,
});

interface Case {
  name: string;
  doc: DocumentoCalculo;
  expected: Esperado;
  desglose?: [string, string, string, string][]; // TipoIva, Base, Cuota, CuotaRecargo
}

const CASES: Case[] = [
  {
    name: 'one line at 21 %',
    doc: { Lineas: [linea(1, 100, 'G')] },
    expected: esperado({ Lineas: ['100.00'], BaseImponible: '100.00', TotalIva: '21.00', Total: '121.00' }),
  },
  {
    name: 'mixed 21/10/4 with discounts, quota rounded per rate (not per line)',
    doc: {
      Lineas: [
        linea(3, '10.15', 'G', 5),
        linea('2.5', '3.33', 'R'),
        linea(7, '0.99', 'S', '12.5'),
        linea(1, '0.05', 'G'),
      ],
    },
    // 3×10.15×0.95 = 28.9275 → 28.93; 2.5×3.33 = 8.325 → 8.33; 7×0.99×0.875 = 6.06375 → 6.06; 0.05
    expected: esperado({
      Lineas: ['28.93', '8.33', '6.06', '0.05'],
      BaseImponible: '43.37',
      TotalIva: '7.16',
      Total: '50.53',
    }),
    // G: 28.98 × 21 % = 6.0858 → 6.09; R: 8.33 × 10 % = 0.833 → 0.83; S: 6.06 × 4 % = 0.2424 → 0.24
    desglose: [
      ['G', '28.98', '6.09', '0.00'],
      ['R', '8.33', '0.83', '0.00'],
      ['S', '6.06', '0.24', '0.00'],
    ],
  },
  {
    name: 'recargo de equivalencia 5.2 / 1.4 / 0.5',
    doc: { RecargoEquivalencia: true, Lineas: [linea(1, 200, 'G'), linea(1, 100, 'R'), linea(1, 50, 'S')] },
    expected: esperado({ BaseImponible: '350.00', TotalIva: '54.00', TotalRecargo: '12.05', Total: '416.05' }),
    desglose: [
      ['G', '200.00', '42.00', '10.40'],
      ['R', '100.00', '10.00', '1.40'],
      ['S', '50.00', '2.00', '0.25'],
    ],
  },
  {
    name: 'recargo is ignored when the customer is not in the regime',
    doc: { RecargoEquivalencia: false, Lineas: [linea(1, 200, 'G')] },
    expected: esperado({ BaseImponible: '200.00', TotalIva: '42.00', Total: '242.00' }),
  },
  {
    name: 'professional services with IRPF 15 %',
    doc: { PorcRetencion: 15, Lineas: [linea(10, 45, 'G')] },
    expected: esperado({ BaseImponible: '450.00', TotalIva: '94.50', TotalRetencion: '67.50', Total: '477.00' }),
  },
  {
    name: 'IRPF 7 % (new professionals) leaves supplied expenses out of the withholding base',
    doc: { PorcRetencion: 7, Lineas: [linea(1, 1000, 'G'), { ...linea(1, '35.40', 'E1'), SinRetencion: true }] },
    expected: esperado({ BaseImponible: '1035.40', TotalIva: '210.00', TotalRetencion: '70.00', Total: '1175.40' }),
  },
  {
    name: 'rent with IRPF 19 %',
    doc: { PorcRetencion: 19, Lineas: [linea(1, '850.00', 'G')] },
    expected: esperado({ BaseImponible: '850.00', TotalIva: '178.50', TotalRetencion: '161.50', Total: '867.00' }),
  },
  {
    name: 'exempt (E1), export (E2) and intra-EU (E5) lines carry their cause and no quota',
    doc: { Lineas: [linea(2, 60, 'E1'), linea(1, 500, 'EXP'), linea(4, 25, 'IC')] },
    expected: esperado({ BaseImponible: '720.00', Total: '720.00' }),
    desglose: [
      ['E1', '120.00', '0.00', '0.00'],
      ['EXP', '500.00', '0.00', '0.00'],
      ['IC', '100.00', '0.00', '0.00'],
    ],
  },
  {
    name: 'Canarias IGIC 7 / 3 / 9.5 / 15 / 20 / 0',
    doc: {
      Lineas: [
        linea(1, 100, 'IGIC7'),
        linea(1, 100, 'IGIC3'),
        linea(1, '33.33', 'IGIC9.5'),
        linea(1, 10, 'IGIC15'),
        linea(1, 10, 'IGIC20'),
        linea(1, 10, 'IGIC0'),
      ],
    },
    // 33.33 × 9.5 % = 3.16635 → 3.17
    expected: esperado({ BaseImponible: '263.33', TotalIva: '16.67', Total: '280.00' }),
  },
  {
    name: 'Ceuta and Melilla IPSI 4 / 0.5',
    doc: { Lineas: [linea(1, 250, 'IPSI4'), linea(3, '19.99', 'IPSI0.5')] },
    // 59.97 × 0.5 % = 0.29985 → 0.30
    expected: esperado({ BaseImponible: '309.97', TotalIva: '10.30', Total: '320.27' }),
  },
  {
    name: 'negative lines of a corrective invoice round away from zero',
    doc: { Lineas: [linea(-1, '10.005', 'G'), linea(-3, '0.15', 'R')] },
    // price rounded to 2 decimals first: 10.005 → 10.01
    expected: esperado({ Lineas: ['-10.01', '-0.45'], BaseImponible: '-10.46', TotalIva: '-2.15', Total: '-12.61' }),
  },
  {
    name: 'unit prices keep the company’s decimals (4) and the line is rounded once',
    doc: { DecimalesPrecio: 4, Lineas: [linea(1000, '0.12345', 'G')] },
    // 0.12345 → 0.1235 (4 decimals); × 1000 = 123.50
    expected: esperado({ Lineas: ['123.50'], BaseImponible: '123.50', TotalIva: '25.94', Total: '149.44' }),
  },
  {
    name: 'half-cent cases: 0.005 rounds up, binary floats would not',
    doc: { Lineas: [linea(1, '1.005', 'C'), linea(1, '2.675', 'C')], DecimalesPrecio: 3 },
    expected: esperado({ Lineas: ['1.01', '2.68'], BaseImponible: '3.69', Total: '3.69' }),
  },
  {
    name: '100 % discount and an empty document',
    doc: { Lineas: [linea(5, 20, 'G', 100)] },
    expected: esperado({ Lineas: ['0.00'], BaseImponible: '0.00', Total: '0.00' }),
  },
];

describe('calcularTotales', () => {
  it.each(CASES)('$name', ({ doc, expected, desglose }) => {
    const t = calcularTotales(doc, TIPOS_PRUEBA);
    const { Lineas, ...totals } = expected;
    expect(t).toMatchObject(totals);
    if (Lineas) expect(t.Lineas.map((l) => l.Importe)).toEqual(Lineas);
    if (desglose) expect(t.Desglose.map((d) => [d.TipoIva, d.Base, d.Cuota, d.CuotaRecargo])).toEqual(desglose);
    // Invariant: the total is always the sum of its parts.
    const parts = Number(t.BaseImponible) + Number(t.TotalIva) + Number(t.TotalRecargo) - Number(t.TotalRetencion);
    expect(Number(t.Total)).toBeCloseTo(parts, 6);
  });

  it('keeps the exemption cause and the tax of each rate in the breakdown', () => {
    const t = calcularTotales({ Lineas: [linea(1, 1, 'E1'), linea(1, 1, 'IGIC7')] }, TIPOS_PRUEBA);
    expect(t.Desglose).toEqual([
      {
        TipoIva: 'IGIC7',
        Impuesto: 'IGIC',
        PorcentajeIva: '7.00',
        PorcentajeRecargo: '0.00',
        Exencion: null,
        Base: '1.00',
        Cuota: '0.07',
        CuotaRecargo: '0.00',
      },
      {
        TipoIva: 'E1',
        Impuesto: 'IVA',
        PorcentajeIva: '0.00',
        PorcentajeRecargo: '0.00',
        Exencion: 'E1',
        Base: '1.00',
        Cuota: '0.00',
        CuotaRecargo: '0.00',
      },
    ]);
  });

  it('applies no surcharge on a type configured without it, even for a customer in the regime', () => {
    const t = calcularTotales({ RecargoEquivalencia: true, Lineas: [linea(1, 100, 'SIN')] }, [
      { Valor: 'SIN', Impuesto: 'IVA', PorcentajeIva: 21, PorcentajeRecargo: '5.20', GeneraRecargo: false },
    ]);
    expect(t.TotalRecargo).toBe('0.00');
  });

  it('names the line of an unknown VAT type or a malformed number in Spanish', () => {
    let error: unknown;
    try {
      calcularTotales({ Lineas: [linea(1, 1, 'G'), linea(1, 1, 'X')] }, TIPOS_PRUEBA);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TotalsError);
    expect(error).toMatchObject({ message: 'Línea 2: el tipo de IVA X no existe', linea: 1 });
    expect(() => calcularTotales({ Lineas: [linea('dos', 1, 'G')] }, TIPOS_PRUEBA)).toThrow(
      'Línea 1: la cantidad, el precio o el descuento no son números válidos',
    );
  });
});

describe('company price decimals (DecimalesRedondeo)', () => {
  it.each([
    [undefined, 2],
    [null, 2],
    [0, 2],
    [1, 2],
    [2, 2],
    [3, 3],
    [4, 4],
    [6, 6],
    [8, 6],
    [2.5, 2],
  ])('DecimalesRedondeo %s → prices with %i decimals', (empresa, esperado) => {
    expect(decimalesPrecio(empresa as number | null | undefined)).toBe(esperado);
  });

  // [price typed, company decimals, stored price, amount of 1000 units, amount of 3 units at 10 % discount]
  it.each([
    ['1.2345', 2, '1.23', '1230.00', '3.32'],
    ['1.2345', 4, '1.2345', '1234.50', '3.33'],
    ['1.2345', 3, '1.235', '1235.00', '3.33'],
    ['0.00125', 4, '0.0013', '1.30', '0.00'],
    ['0.00125', 6, '0.001250', '1.25', '0.00'],
    ['-1.2345', 4, '-1.2345', '-1234.50', '-3.33'],
    ['19.99', 4, '19.9900', '19990.00', '53.97'],
    ['2.675', 2, '2.68', '2680.00', '7.24'],
  ])('price %s with %i decimals: stored %s, 1000 u. = %s, 3 u. −10 % = %s', (precio, d, guardado, mil, tres) => {
    const t = calcularTotales(
      {
        DecimalesPrecio: d,
        Lineas: [linea(1000, precio, 'C'), linea(3, precio, 'C', 10)],
      },
      TIPOS_PRUEBA,
    );
    expect(t.Lineas.map((l) => l.Precio)).toEqual([guardado, guardado]);
    expect(t.Lineas.map((l) => l.Importe)).toEqual([mil, tres]);
    // The stored price gives back the same amount: price and amount never contradict each other.
    const again = calcularTotales({ DecimalesPrecio: d, Lineas: [linea(1000, guardado, 'C')] }, TIPOS_PRUEBA);
    expect(again.Lineas[0]!.Importe).toBe(mil);
    expect(redondearPrecio(precio, d)).toBe(guardado);
  });

  casos('precioCabe(%s, %i) = %s', precioCabe, [
    ['1,2345', 4, true],
    ['1,23450', 4, true],
    ['1,23456', 4, false],
    ['1,234', 2, false],
    ['12', 2, true],
    ['1.5', 2, true],
  ]);
});
