import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, dec, toFixed } from '../money/decimal.ts';
import {
  cuotaDe,
  desglosarTotal,
  importesDe,
  leerTicket,
  PORCENTAJES_TICKET,
  ticketGastoSchema,
  tiposDelTicket,
} from './ticket.ts';

const GASOLINERA = `
      ESTACION DE SERVICIO LOS PINOS S.L.
        CTRA. N-340 KM 12,5
      46470 CATARROJA (VALENCIA)
        CIF: B12345674  TEL. 961 234 567
   FACTURA SIMPLIFICADA N. T01-004512
   FECHA: 14/03/2026        HORA: 08:42
   SURTIDOR 3   GASOLEO A
   38,52 L x 1,459 EUR/L            56,20
   ----------------------------------
   TOTAL EUR                        56,20
   BASE IMPONIBLE  IVA 21%   46,45   9,75
   TARJETA VISA ************1234    56,20
   GRACIAS POR SU VISITA
`;

const RESTAURANTE = `
RESTAURANTE CASA PACO
Calle Mayor 7, 28013 Madrid
NIF 12345678Z
Mesa 4   Camarero: LUIS
Fecha 02-02-2026 14:35
2 MENU DEL DIA        13,50   27,00
1 AGUA MINERAL         1,80    1,80
2 CAFE SOLO            1,20    2,40
TOTAL (IVA INCLUIDO)          31,20
IVA 10%   BASE 28,36   CUOTA 2,84
EFECTIVO                      40,00
CAMBIO                         8,80
`;

const SUPERMERCADO = `
SUPERMERCADOS EL AHORRO, S.A.
A28017895
AV. DE LA CONSTITUCION 12 SEVILLA
FACTURA SIMPLIFICADA: 2026/0451-88231
25/01/26 19:02  CAJA 04
LECHE ENTERA 6X1L              5,34
PAN DE MOLDE                   1,85
ACEITE OLIVA 1L                8,95
DETERGENTE LIQUIDO             6,49
VINO TINTO                     4,20
TOTAL COMPRA                  26,83
  TIPO      BASE      CUOTA
  4,00%     7,38      0,30
 10,00%     9,55      0,96
 21,00%     8,83      1,85
TARJETA                       27,07
`;

// The same fuel ticket as tesseract reads a crumpled photo: O for 0, l for 1, broken spacing, stray marks.
const GASOLINERA_OCR = `
    ESTACI0N DE SERVICI0 L0S PINOS S.L. '
  . CTRA. N-340 KM l2,5
  CIF: Bl2345674 TEL. 96l 234 567
  FACTURA SIMPLIFICADA N. T0l-004512
  FECHA: l4/O3/2026  HORA: 08:42
  38,52 L x l,459 EUR/L  56,2O
  TOTAL EUR . 56,2O
  BASE IMPONIBLE IVA 2l% 46,45 9,75
`;

describe('leerTicket: real-looking Spanish tickets', () => {
  it('reads a fuel station ticket: CIF, labelled date, total, 21 % and the merchant with its company form', () => {
    const r = leerTicket(GASOLINERA);
    expect(r.NIF).toEqual({ Valor: 'B12345674', Confianza: 0.95 });
    expect(r.Fecha?.Valor).toBe('2026-03-14');
    expect(r.Total?.Valor).toBe('56.20');
    // The VAT line adds up to the total: both are sure.
    expect(r.Total?.Confianza).toBeGreaterThanOrEqual(0.9);
    expect(r.PorcentajeIva?.Valor).toBe('21');
    expect(r.Cuota?.Valor).toBe('9.75');
    expect(r.Tipos).toEqual([{ PorcentajeIva: '21', Base: '46.45', Cuota: '9.75' }]);
    expect(r.Comercio?.Valor).toBe('ESTACION DE SERVICIO LOS PINOS S.L.');
  });

  it('reads a restaurant ticket: a person NIF, the total with VAT (not the cash handed over), 10 %', () => {
    const r = leerTicket(RESTAURANTE);
    expect(r.NIF?.Valor).toBe('12345678Z');
    expect(r.Fecha?.Valor).toBe('2026-02-02');
    expect(r.Total?.Valor).toBe('31.20');
    expect(r.PorcentajeIva?.Valor).toBe('10');
    expect(r.Tipos[0]).toEqual({ PorcentajeIva: '10', Base: '28.36', Cuota: '2.84' });
    expect(r.Comercio?.Valor).toBe('RESTAURANTE CASA PACO');
    expect(r.Comercio!.Confianza).toBeLessThan(0.8);
  });

  it('reads a supermarket ticket with three rates, largest base first, and a two-digit year', () => {
    const r = leerTicket(SUPERMERCADO);
    expect(r.NIF?.Valor).toBe('A28017895');
    expect(r.Fecha?.Valor).toBe('2026-01-25');
    expect(r.Total?.Valor).toBe('26.83');
    expect(r.Tipos).toEqual([
      { PorcentajeIva: '10', Base: '9.55', Cuota: '0.96' },
      { PorcentajeIva: '21', Base: '8.83', Cuota: '1.85' },
      { PorcentajeIva: '4', Base: '7.38', Cuota: '0.30' },
    ]);
    expect(r.Cuota?.Valor).toBe('3.11');
    expect(r.Comercio?.Valor).toBe('SUPERMERCADOS EL AHORRO, S.A.');
  });

  it('mends the usual OCR slips in figures (O→0, l→1) and still checks the CIF', () => {
    const r = leerTicket(GASOLINERA_OCR);
    expect(r.NIF?.Valor).toBe('B12345674');
    expect(r.NIF!.Confianza).toBeLessThan(0.95);
    expect(r.Fecha?.Valor).toBe('2026-03-14');
    expect(r.Total?.Valor).toBe('56.20');
    expect(r.PorcentajeIva?.Valor).toBe('21');
    expect(r.Comercio?.Valor).toContain('PINOS S.L.');
  });

  it('refuses an id whose control letter is wrong, and an impossible date', () => {
    const r = leerTicket('BAR PEPE\nNIF 12345678A\nFecha 31/02/2026\nTOTAL 3,50');
    expect(r.NIF).toBeNull();
    expect(r.Fecha).toBeNull();
    expect(r.Total).toEqual({ Valor: '3.50', Confianza: 0.75 });
  });

  it('without the word total it offers the largest amount, marked as doubtful', () => {
    const r = leerTicket('KIOSCO\n2 x 1,50\n3,00\n0,52');
    expect(r.Total).toEqual({ Valor: '3.00', Confianza: 0.3 });
    expect(r.PorcentajeIva).toBeNull();
  });

  it('gives nothing for an empty or unreadable text', () => {
    expect(leerTicket('')).toEqual({
      NIF: null,
      Fecha: null,
      Total: null,
      PorcentajeIva: null,
      Cuota: null,
      Comercio: null,
      Tipos: [],
    });
    const ruido = leerTicket('~~ ## ||| .. ,,\n@@@');
    expect(ruido.Total).toBeNull();
    expect(ruido.Comercio).toBeNull();
  });

  it('never throws and answers only valid values on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (texto) => {
        const r = leerTicket(texto);
        if (r.Total) expect(r.Total.Valor).toMatch(/^\d+\.\d{2}$/);
        if (r.Fecha) expect(r.Fecha.Valor).toMatch(/^20\d{2}-\d{2}-\d{2}$/);
        for (const c of [r.NIF, r.Fecha, r.Total, r.PorcentajeIva, r.Cuota, r.Comercio])
          if (c) expect(c.Confianza).toBeGreaterThan(0);
      }),
    );
  });
});

describe('importesDe', () => {
  it('reads grouped, comma, dot and spaced figures', () => {
    expect(importesDe('TOTAL 1.234,56 €')).toEqual(['1234.56']);
    expect(importesDe('12.50 y 3,00')).toEqual(['12.50', '3.00']);
    expect(importesDe('38,52 L x 1,459 EUR/L  56,20')).toEqual(['38.52', '56.20']);
    expect(importesDe('21% 8,26')).toEqual(['8.26']);
  });
});

describe('desglosarTotal: a total with VAT into what the engine books', () => {
  it('finds the base whose engine total is the ticket total', () => {
    expect(desglosarTotal('56.20', '21')).toEqual({ Base: '46.45', Cuota: '9.75', Total: '56.20', Diferencia: '0.00' });
    expect(desglosarTotal('31.20', '10')).toEqual({ Base: '28.36', Cuota: '2.84', Total: '31.20', Diferencia: '0.00' });
    expect(desglosarTotal('10.40', '4')).toEqual({ Base: '10.00', Cuota: '0.40', Total: '10.40', Diferencia: '0.00' });
    expect(desglosarTotal('7.00', '0')).toEqual({ Base: '7.00', Cuota: '0.00', Total: '7.00', Diferencia: '0.00' });
  });

  it('leaves a cent as the difference where no base reaches the total at that rate', () => {
    // 8.26 + 1.73 = 9.99 and 8.27 + 1.74 = 10.01: 10.00 at 21 % has no base.
    expect(desglosarTotal('10.00', '21')).toEqual({ Base: '8.26', Cuota: '1.73', Total: '9.99', Diferencia: '0.01' });
  });

  it('property: base + the engine quota is the total or one cent below, and the quota is the engine rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(...PORCENTAJES_TICKET), (cents, p) => {
        const total = toFixed({ units: BigInt(cents), scale: 2 }, 2);
        const d = desglosarTotal(total, p);
        expect(d.Cuota).toBe(toFixed(cuotaDe(d.Base, p), 2));
        expect(toFixed(add(dec(d.Base), dec(d.Cuota)), 2)).toBe(d.Total);
        expect(['0.00', '0.01']).toContain(d.Diferencia);
        expect(toFixed(add(dec(d.Total), dec(d.Diferencia)), 2)).toBe(total);
      }),
    );
  });
});

describe('ticketGastoSchema', () => {
  const valido = {
    Fecha: '2026-03-14',
    Total: '56,20',
    PorcentajeIva: '21',
    Comercio: 'Gasolinera',
    FormaPago: 'tarjeta',
    IdTesoreria: 1,
  };
  it('takes a decimal comma and a single rate', () => {
    const r = ticketGastoSchema.parse(valido);
    expect(r.Total).toBe('56.20');
    expect(tiposDelTicket(r)).toEqual([{ PorcentajeIva: '21', Total: '56.20' }]);
  });
  it('refuses a zero total, a rate that is not Spanish VAT, a bad NIF and a missing merchant in Spanish', () => {
    const r = ticketGastoSchema.safeParse({
      ...valido,
      Total: '0',
      PorcentajeIva: '7',
      NIF: 'B1234567X',
      Comercio: ' ',
    });
    expect(r.success).toBe(false);
    const mensajes = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(mensajes).toContain('Total: El total debe ser mayor que cero');
    expect(mensajes).toContain('Comercio: Comercio es obligatorio');
    expect(mensajes.some((m) => m.startsWith('PorcentajeIva:'))).toBe(true);
    expect(mensajes).toContain('NIF: El formato es incorrecto');
  });
  it('answers a malformed or empty total with the format message, never an exception', () => {
    for (const Total of ['', 'abc', '12,345', '-3']) {
      const r = ticketGastoSchema.safeParse({ ...valido, Total });
      expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
        'Total: El formato es incorrecto',
      ]);
    }
  });
});
