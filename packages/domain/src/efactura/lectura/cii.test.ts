import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dec, sum, toFixed } from '../../money/decimal.ts';
import { leerFacturaElectronica } from './leer.ts';
import { diferenciasTotales, totalesCalculados } from './totales.ts';

/**
 * The CEN's CII examples (ConnectingEurope/eInvoicing-EN16931 release 1.3.16, `cii/examples/`, EUPL 1.2) kept beside
 * the reader: supplier, lines, VAT breakdown and totals read as each file states them, and Faro's computation from
 * the lines agreeing with every total the file gives.
 */
const EJEMPLOS_CII = new URL('./ejemplos/', import.meta.url);
const ejemplo = (nombre: string) => readFileSync(new URL(nombre, EJEMPLOS_CII));

const ESPERADO: Record<string, { nombre: string; nif: string; lineas: number; impuestos: string; pagar: string }> = {
  'CII-BR-CO-10-RoundingIssue.xml': {
    nombre: 'Seller GmbH',
    nif: 'DE123456789',
    lineas: 4,
    impuestos: 'Z 0: 0.00 + 0.00; S 19: 0.00 + 0.00',
    pagar: '0.00',
  },
  'CII_business_example_01.xml': {
    nombre: 'Salescompany ltd.',
    nif: 'NO123456789MVA',
    lineas: 5,
    impuestos: 'S 25: 1460.5 + 365.13; S 15: 1 + 0.15; E 0: -25 + 0',
    pagar: '801.78',
  },
  'CII_business_example_02.xml': {
    nombre: 'xxxx',
    nif: 'DE1111111',
    lineas: 3,
    impuestos: 'S 19: 10.00 + 1.90',
    pagar: '11.90',
  },
  'CII_business_example_Z.xml': {
    nombre: 'XXX AG',
    nif: 'DE37/302/30168',
    lineas: 3,
    impuestos: 'Z 0: 11693.87 + 0.00',
    pagar: '11693.87',
  },
  'CII_example1.xml': {
    nombre: 'De Koksmaat',
    nif: 'NL820098395B01',
    lineas: 20,
    impuestos: 'S 6: 183.23 + 10.99; S 21: 46.37 + 9.74',
    pagar: '250.33',
  },
  'CII_example3.xml': {
    nombre: 'SubscriptionSeller',
    nif: 'DK16356706',
    lineas: 1,
    impuestos: 'S 25: 900 + 225',
    pagar: '1125',
  },
  'CII_example4.xml': {
    nombre: 'SellerCompany',
    nif: 'DK16356706',
    lineas: 3,
    impuestos: 'S 25: 1500 + 375; S 12: 2500 + 300',
    pagar: '4675',
  },
  'CII_example5.xml': {
    nombre: 'SellerCompany',
    nif: 'NL16356706',
    lineas: 3,
    impuestos: 'S 25: 1500 + 375; S 12: 2500 + 300',
    pagar: '2337.5',
  },
  'CII_example6.xml': {
    nombre: 'SellerCompany',
    nif: 'DK123456789MVA',
    lineas: 3,
    impuestos: 'S 25: 1500 + 375; S 12: 2500 + 300',
    pagar: '4675',
  },
  'CII_example7.xml': {
    nombre: 'The Sellercompany Incorporated',
    nif: '5532331183',
    lineas: 2,
    impuestos: 'O 0: 3200 + 0',
    pagar: '3200',
  },
  'CII_example8.xml': {
    nombre: 'Enexis B.V.',
    nif: 'NL809561074B01',
    lineas: 10,
    impuestos: 'S 21: 908.91 + 190.87',
    pagar: '1099.78',
  },
  'CII_example9.xml': {
    nombre: 'Bluem BV',
    nif: 'NL809163160B01',
    lineas: 1,
    impuestos: 'S 21: 147 + 30.87',
    pagar: '177.87',
  },
  'XRechnung-O.xml': { nombre: 'XX', nif: 'XX', lineas: 2, impuestos: 'O 0: 385544.60 + 0.00', pagar: '385544.60' },
};

describe('the CEN CII examples', () => {
  it('are every file of the folder, each with its expectation', () => {
    expect(readdirSync(EJEMPLOS_CII).sort()).toEqual(Object.keys(ESPERADO).sort());
  });

  describe.each(Object.entries(ESPERADO))('leerFacturaElectronica(%s)', (fichero, esperado) => {
    const f = leerFacturaElectronica(ejemplo(fichero));

    it('reads the supplier, every line, the VAT breakdown and the totals, which agree with Faro’s', () => {
      expect(f.Formato).toBe('CII');
      expect(f.Proveedor.Nombre).toBe(esperado.nombre);
      expect(f.Proveedor.Nif).toBe(esperado.nif);
      expect(f.Lineas.filter((l) => !l.DeDocumento)).toHaveLength(esperado.lineas);
      expect(f.Impuestos.map((i) => `${i.Categoria} ${i.Porcentaje}: ${i.Base} + ${i.Cuota}`).join('; ')).toBe(
        esperado.impuestos,
      );
      const lineas = toFixed(sum(f.Lineas.filter((l) => !l.DeDocumento).map((l) => dec(l.Importe))), 2);
      expect(lineas).toBe(toFixed(dec(f.Totales.LineExtensionAmount!), 2));
      expect(f.Totales.PayableAmount).toBe(esperado.pagar);
      expect(diferenciasTotales(f)).toEqual([]);
    });
  });
});

describe('leerFacturaElectronica (CII)', () => {
  it('turns a line allowance into one unit at its amount and a header charge into a line of its own', () => {
    const f = leerFacturaElectronica(ejemplo('CII_example3.xml'));
    expect(f.Fecha).toBe('2013-04-10');
    expect(f.Moneda).toBe('DKK');
    expect(f.Lineas).toEqual([
      expect.objectContaining({ Descripcion: 'Paper subscription — Subscription fee 1st quarter', Importe: '800' }),
      expect.objectContaining({ Descripcion: 'Freight charge', Importe: '100', DeDocumento: true }),
    ]);
    expect(f.Vencimientos).toEqual([{ Fecha: '2013-05-10', Importe: '1125' }]);
    expect(totalesCalculados(f).TaxAmount).toBe('225.00');
  });

  it('reads a credit note (381) with its amounts turned, as Faro stores a corrective received invoice', () => {
    const xml = ejemplo('CII_example9.xml')
      .toString('utf8')
      .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>');
    const f = leerFacturaElectronica(xml);
    expect(f.Clase).toBe('abono');
    expect(f.Totales.PayableAmount).toBe('-177.87');
    expect(f.Lineas[0]!.Importe).toBe('-147');
    expect(diferenciasTotales(f)).toEqual([]);
  });

  it('shows a grand total that disagrees with the lines', () => {
    const xml = ejemplo('CII_example9.xml')
      .toString('utf8')
      .replace('<ram:GrandTotalAmount>177.87', '<ram:GrandTotalAmount>178.87');
    expect(diferenciasTotales(leerFacturaElectronica(xml)).map((d) => [d.Campo, d.Diferencia])).toEqual([
      ['TaxInclusiveAmount', '1.00'],
    ]);
  });
});
