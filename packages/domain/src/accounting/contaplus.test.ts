import { describe, expect, it } from 'vitest';
import type { Asiento } from './asientos.ts';
import { xDiario, xDiarioBytes } from './contaplus.ts';

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

describe('xDiarioBytes', () => {
  it('writes the same bytes as the generic line writer, accents, long texts, series and rates included', () => {
    const asientos: Asiento[] = [
      {
        Numero: 12,
        Fecha: '2026-02-10',
        Tipo: 'venta',
        Documento: 'F2026-000012',
        Apuntes: [
          {
            Subcuenta: '4300000012',
            Contrapartida: '7000000000',
            Concepto: 'Factura de Núñez y Compañía, señoría ßß €',
            Debe: '181.20',
            Haber: '0.00',
            Documento: 'F2026-000012',
          },
          {
            Subcuenta: '4770000021',
            Contrapartida: '4300000012',
            Concepto: 'IVA',
            Debe: '0.00',
            Haber: '31.20',
            Documento: 'F2026-000012',
            BaseImponible: '150.00',
            PorcIva: '21.00',
            PorcRecargo: '5.20',
          },
          {
            Subcuenta: '4770000010',
            Contrapartida: '',
            Concepto: '',
            Debe: '0.00',
            Haber: '-12345678901234567.89',
            Documento: 'sin número',
            BaseImponible: '10.00',
          },
        ],
      },
      {
        Numero: 1234567,
        Fecha: '2026-12-31',
        Tipo: 'cobro',
        Documento: 'R-7',
        Apuntes: [
          {
            Subcuenta: '57200000000000000',
            Contrapartida: 'x',
            Concepto: 'a'.repeat(40),
            Debe: '1.00',
            Haber: '0.00',
            Documento: 'abc12345678901',
          },
        ],
      },
    ];
    const bytes = xDiarioBytes(asientos);
    expect(latin1(bytes)).toBe(xDiario(asientos));
    expect(bytes.length).toBe(4 * 299);
    expect(xDiarioBytes([])).toHaveLength(0);
  });
});
