import { describe, expect, it } from 'vitest';
import { ficheroAutoliquidacion, ficheroDeclaracion } from './fichero.ts';
import {
  cents,
  huecosSerie,
  type LineaEmitida,
  type LineaRecibida,
  modelo111,
  modelo115,
  modelo130,
  modelo303,
  modelo347,
  modelo349,
  nifIva,
} from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

const per = (m: Parameters<typeof periodoTributario>[0], anyo: number, c: string) =>
  periodoTributario(m, anyo, c) as Periodo;
const T2 = per('303', 2026, '2T');

let id = 0;
const e = (o: Partial<LineaEmitida>): LineaEmitida => ({
  Id: ++id,
  Fecha: '2026-05-10',
  NumSerie: `F${id}`,
  Tercero: 'Cliente',
  NIF: 'B00000001',
  Rectificativa: false,
  Impuesto: 'IVA',
  PorcentajeIva: '21.00',
  Base: '0',
  Cuota: '0',
  PorcentajeRecargo: '0',
  CuotaRecargo: '0',
  Exencion: null,
  Retencion: '0',
  ...o,
});
const r = (o: Partial<LineaRecibida>): LineaRecibida => ({
  Id: ++id,
  Fecha: '2026-05-12',
  FechaFactura: '2026-05-11',
  NumSerie: `FC${id}`,
  Tercero: 'Proveedor',
  NIF: 'B00000002',
  Rectificativa: false,
  Operacion: 'interior',
  Impuesto: 'IVA',
  PorcentajeIva: '21.00',
  Base: '0',
  Cuota: '0',
  CuotaDeducible: '0',
  CuotaAutoliquidada: '0',
  CuotaRecargo: '0',
  Retencion: '0',
  ClaveRetencion: null,
  ...o,
});

// A quarter with every rate, recargo, IRPF, intra-EU, reverse charge, imports, investment goods, a non-deductible
// half, corrective invoices (cancelled invoices never reach the domain: the books leave them out).
const F1 = e({ Base: '1000', Cuota: '210', Retencion: '150' });
const emitidas: LineaEmitida[] = [
  F1,
  { ...F1, PorcentajeIva: '10.00', Base: '200', Cuota: '20', Retencion: '0' },
  e({ Base: '100', Cuota: '21', PorcentajeRecargo: '5.20', CuotaRecargo: '5.20' }),
  e({ PorcentajeIva: '4.00', Base: '50', Cuota: '2', PorcentajeRecargo: '0.50', CuotaRecargo: '0.25' }),
  e({ PorcentajeIva: '10.00', Base: '10', Cuota: '1', PorcentajeRecargo: '1.40', CuotaRecargo: '0.14' }),
  e({ PorcentajeIva: '0.00', Base: '500', Exencion: 'E5', NIF: 'FR12345678901', Tercero: 'Client SARL' }),
  e({ PorcentajeIva: '0.00', Base: '300', Exencion: 'E2', NIF: null }),
  e({ Rectificativa: true, FechaRectificada: '2026-05-10', Base: '-100', Cuota: '-21' }),
];
const recibidas: LineaRecibida[] = [
  r({ Base: '400', Cuota: '84', CuotaDeducible: '84' }),
  r({
    Operacion: 'intracomunitaria',
    PorcentajeIva: '0.00',
    Base: '1000',
    CuotaAutoliquidada: '210',
    CuotaDeducible: '210',
    NIF: 'DE123456789',
  }),
  r({
    Operacion: 'inversion',
    PorcentajeIva: '0.00',
    Base: '500',
    CuotaAutoliquidada: '105',
    CuotaDeducible: '105',
    Retencion: '75',
    ClaveRetencion: '111',
    NIF: 'B11111111',
  }),
  r({ Operacion: 'importacion', Base: '200', Cuota: '42', CuotaDeducible: '42' }),
  r({ Base: '3000', Cuota: '630', CuotaDeducible: '630', BienInversion: true }),
  r({ Base: '50', Cuota: '10.50', CuotaDeducible: '5.25' }),
  r({
    Base: '1000',
    Cuota: '210',
    CuotaDeducible: '210',
    Retencion: '190',
    ClaveRetencion: '115',
    FechaFactura: '2026-03-31',
    NIF: 'B22222222',
  }),
  r({ Rectificativa: true, Base: '-40', Cuota: '-8.40', CuotaDeducible: '-8.40' }),
];

describe('periods', () => {
  it.each([
    ['303', '2T', { desde: '2026-04-01', hasta: '2026-06-30', ultimo: false }],
    ['303', '02', { desde: '2026-02-01', hasta: '2026-02-28', ultimo: false }],
    ['347', '0A', { desde: '2026-01-01', hasta: '2026-12-31', ultimo: true }],
    ['349', '4T', { desde: '2026-10-01', hasta: '2026-12-31', ultimo: true }],
  ] as const)('%s %s', (m, c, want) => expect(periodoTributario(m, 2026, c)).toMatchObject(want));
  it('refuses periods a model does not take, in Spanish', () => {
    expect(periodoTributario('130', 2026, '05')).toBe('El modelo 130 se presenta con periodo trimestral (1T…4T)');
    expect(periodoTributario('347', 2026, '1T')).toBe('El modelo 347 se presenta con periodo anual (0A)');
    expect(periodoTributario('303', 2026, '5T')).toMatch(/^El periodo debe ser/);
  });
});

describe('modelo 303', () => {
  const m = modelo303(T2, emitidas, recibidas, { PendienteCompensar: '100' });
  it.each([
    ['01', '50.00'],
    ['02', '4.00'],
    ['03', '2.00'],
    ['04', '210.00'],
    ['05', '10.00'],
    ['06', '21.00'],
    ['07', '1100.00'],
    ['08', '21.00'],
    ['09', '231.00'],
    ['16', '50.00'],
    ['18', '0.25'],
    ['19', '10.00'],
    ['21', '0.14'],
    ['22', '100.00'],
    ['24', '5.20'],
    ['10', '1000.00'],
    ['11', '210.00'],
    ['12', '500.00'],
    ['13', '105.00'],
    ['14', '-100.00'],
    ['15', '-21.00'],
    ['27', '553.59'],
    ['28', '1925.00'],
    ['29', '404.25'],
    ['30', '3000.00'],
    ['31', '630.00'],
    ['32', '200.00'],
    ['33', '42.00'],
    ['36', '1000.00'],
    ['37', '210.00'],
    ['40', '-40.00'],
    ['41', '-8.40'],
    ['45', '1277.85'],
    ['46', '-724.26'],
    ['59', '500.00'],
    ['60', '300.00'],
    ['66', '-724.26'],
    ['110', '100.00'],
    ['78', '0.00'],
    ['87', '100.00'],
    ['69', '-724.26'],
    ['71', '-724.26'],
  ])('box %s = %s', (k, v) => expect(m.Casillas[k]).toBe(v));
  it('compensates a negative result mid-year, refunds it at the end of the year', () => {
    expect(m.TipoDeclaracion).toBe('C');
    expect(
      modelo303(
        per('303', 2026, '4T'),
        [],
        [r({ Fecha: '2026-11-02', FechaFactura: '2026-11-02', Base: '10', Cuota: '2.10', CuotaDeducible: '2.10' })],
      ).TipoDeclaracion,
    ).toBe('D');
  });
  it('applies earlier quarters’ credit up to the result', () => {
    const una = [e({ Base: '1000', Cuota: '210' })];
    expect(modelo303(T2, una, [], { PendienteCompensar: '300' }).Casillas).toMatchObject({
      '78': '210.00',
      '87': '90.00',
      '71': '0.00',
    });
    const c = modelo303(T2, una, [], { PendienteCompensar: '50', Casillas: { '43': '10' } });
    expect(c.Casillas).toMatchObject({ '45': '10.00', '78': '50.00', '87': '0.00', '69': '150.00', '71': '150.00' });
    expect(c.TipoDeclaracion).toBe('I');
  });
  it('traces each box to its rows and says what a total adds', () => {
    expect(m.Traza['09']!.map((t) => [t.NumSerie, t.Importe])).toEqual([
      [F1.NumSerie, '210.00'],
      [emitidas[2]!.NumSerie, '21.00'],
    ]);
    expect(m.Traza['29']!.map((t) => t.Importe)).toEqual(['84.00', '105.00', '5.25', '210.00']);
    expect(m.Formulas['46']).toBe('27 − 45');
  });
  it('warns of a received invoice dated outside the period', () => {
    expect(m.Avisos).toEqual([expect.objectContaining({ Codigo: 'fuera-periodo', Id: recibidas[6]!.Id })]);
  });
});

describe('modelo 303: pro-rata and the annual summary of the last period', () => {
  it('applies an 80 % pro-rata to every deductible quota (and the base of the part deducted)', () => {
    const m = modelo303(T2, emitidas, recibidas, { Prorrata: 80 });
    // By hand: each deductible quota × 80 % (84 → 67.20, 105 → 84, 5.25 → 4.20, 210 → 168; 42 → 33.60;
    // 630 → 504; 210 intra-EU → 168; −8.40 → −6.72) and its base in the same proportion.
    expect(m.Casillas).toMatchObject({
      '28': '1540.00',
      '29': '323.40',
      '30': '2400.00',
      '31': '504.00',
      '32': '160.00',
      '33': '33.60',
      '36': '800.00',
      '37': '168.00',
      '40': '-32.00',
      '41': '-6.72',
      '45': '1022.28',
      '27': '553.59',
      '46': '-468.69',
    });
    expect(m.Formulas['45']).toContain('80 % de prorrata');
    // Out of range or not a whole number: no pro-rata (100 %).
    expect(modelo303(T2, emitidas, recibidas, { Prorrata: 0 }).Casillas['29']).toBe('404.25');
    expect(modelo303(T2, emitidas, recibidas, { Prorrata: 80.5 }).Casillas['29']).toBe('404.25');
  });

  const T4 = per('303', 2026, '4T');
  const q4 = [e({ Fecha: '2026-11-05', Base: '4000', Cuota: '840', NIF: 'B33333333' })];
  const delAnyo = [
    ...emitidas,
    ...q4,
    e({ Fecha: '2026-06-01', PorcentajeIva: '0.00', Base: '70', Exencion: 'E1' }),
    e({ Fecha: '2025-12-31', Base: '999', Cuota: '209.79' }),
    e({ Impuesto: 'IGIC', PorcentajeIva: '7.00', Base: '55', Cuota: '3.85' }),
  ];
  const opciones = { Exonerado390: true, ClaveActividad: 'A01', EpigrafeIAE: '6531' };
  const m4 = modelo303(T4, q4, [], opciones, { emitidas: delAnyo, recibidas: [] });
  it('4T: the year’s operations by kind, from the issued-invoice book', () => {
    // 80: taxed bases of the year (1000 + 200 + 100 + 50 + 10 − 100 + 4000); 93 E5; 94 E2; 83 E1; 2025 and IGIC out.
    expect(m4.Casillas).toMatchObject({
      '80': '5260.00',
      '93': '500.00',
      '94': '300.00',
      '83': '70.00',
      '81': '0.00',
      '99': '0.00',
      '88': '6130.00',
    });
    expect(m4.Formulas['88']).toMatch(/^80 \+ 81 \+ 93 .* − 79 − 99$/);
    expect(m4.Traza['93']!.map((t) => t.Importe)).toEqual(['500.00']);
    expect(m4.Anual).toEqual({ ...opciones, Con347: true });
    // Other periods have no page 04.
    expect(modelo303(T2, emitidas, recibidas).Casillas['88']).toBeUndefined();
  });
  it('4T file: the exonerated flags and page 04 at its positions', () => {
    const at = (s: string, a: number, b: number) => s.slice(a - 1, b);
    const f = ficheroAutoliquidacion(m4, T4, { NIF: 'B99999999', Nombre: 'Demo' });
    expect(f.length).toBe(17 + 311 + 1581 + 1017 + 998 + 18);
    const p1 = f.slice(328, 328 + 1581);
    expect(at(p1, 109, 117)).toBe('223222222');
    expect(at(p1, 127, 129)).toBe('211');
    const p4 = f.slice(328 + 1581 + 1017, 328 + 1581 + 1017 + 998);
    expect(at(p4, 1, 11)).toBe('<T30304000>');
    expect(at(p4, 13, 19)).toBe('A016531');
    expect(at(p4, 55, 55)).toBe('X');
    expect(at(p4, 56, 80)).toBe('0'.repeat(25));
    expect(at(p4, 81, 97)).toBe('00000000000526000');
    expect(at(p4, 115, 131)).toBe('00000000000050000');
    expect(at(p4, 132, 148)).toBe('00000000000030000');
    expect(at(p4, 149, 165)).toBe('00000000000007000');
    expect(at(p4, 370, 386)).toBe('00000000000613000');
    expect(at(p4, 387, 986).trim()).toBe('');
    expect(at(p4, 987, 998)).toBe('</T30304000>');
    // Not exonerated: no page 04, flag 128 = 2 and 129 = 0.
    const g = ficheroAutoliquidacion(modelo303(T4, q4, [], {}, { emitidas: delAnyo, recibidas: [] }), T4, {
      NIF: 'B99999999',
      Nombre: 'Demo',
    });
    expect(g.length).toBe(17 + 311 + 1581 + 1017 + 18);
    expect(at(g.slice(328), 127, 129)).toBe('220');
  });
});

describe('modelo 130 (cumulative from January)', () => {
  const rows: [LineaEmitida[], LineaRecibida[]] = [
    [
      e({ Fecha: '2026-02-01', Base: '10000', Cuota: '2100' }),
      e({ Fecha: '2026-05-01', Base: '5000', Cuota: '1050', Retencion: '750' }),
    ],
    [
      r({ Fecha: '2026-03-01', FechaFactura: '2026-03-01', Base: '4000', Cuota: '840', CuotaDeducible: '840' }),
      r({ Base: '50', Cuota: '10.50', CuotaDeducible: '5.25' }),
    ],
  ];
  it('computes 2T with the first quarter’s payment from the books', () => {
    const m = modelo130(per('130', 2026, '2T'), ...rows);
    expect(m.Casillas).toMatchObject({
      '01': '15000.00',
      '02': '4055.25',
      '03': '10944.75',
      '04': '2188.95',
      '05': '1200.00',
      '06': '750.00',
      '07': '238.95',
      '19': '238.95',
    });
    expect(m.TipoDeclaracion).toBe('I');
  });
  it('takes the presented 1T instead', () => {
    expect(modelo130(per('130', 2026, '2T'), ...rows, { Anteriores130: { '1T': '1000' } }).Casillas['07']).toBe(
      '438.95',
    );
  });
});

describe('modelos 111 and 115', () => {
  it('111: professionals from the received invoices, payroll typed in', () => {
    const m = modelo111(T2, recibidas, { Casillas: { '01': '2', '02': '3000', '03': '450' } });
    expect(m.Casillas).toMatchObject({
      '01': '2',
      '02': '3000.00',
      '03': '450.00',
      '07': '1',
      '08': '500.00',
      '09': '75.00',
      '28': '525.00',
      '30': '525.00',
    });
  });
  it('115: rentals', () => {
    expect(modelo115(T2, recibidas).Casillas).toEqual({
      '01': '1',
      '02': '1000.00',
      '03': '190.00',
      '04': '0.00',
      '05': '190.00',
    });
  });
});

describe('modelo 349', () => {
  const m = modelo349(
    T2,
    [
      ...emitidas,
      e({ PorcentajeIva: '0.00', Base: '250', Exencion: 'E5', NIF: 'FR12345678901', Tercero: 'Client SARL' }),
      e({
        PorcentajeIva: '0.00',
        Base: '80',
        Exencion: 'E5',
        NIF: 'B12345678',
        Tercero: 'Sin NIF-IVA',
        Servicio: true,
      }),
      e({
        PorcentajeIva: '0.00',
        Base: '-50',
        Exencion: 'E5',
        NIF: '12345678901',
        Pais: 'FR',
        Tercero: 'Client SARL',
        Rectificativa: true,
        FechaRectificada: '2026-02-10',
      }),
    ],
    recibidas,
  );
  it('groups per operator and key, rectifications apart', () => {
    expect(m.Declarados).toEqual([
      expect.objectContaining({ NIF: 'FR12345678901', Clave: 'E', Importe: '750.00' }),
      expect.objectContaining({ NIF: 'B12345678', Clave: 'S', Importe: '80.00' }),
      expect.objectContaining({ NIF: 'DE123456789', Clave: 'A', Importe: '1000.00' }),
      expect.objectContaining({
        NIF: 'FR12345678901',
        Clave: 'E',
        Rectificacion: expect.objectContaining({ Anyo: 2026, Periodo: '1T', BaseRectificada: '-50.00' }),
      }),
    ]);
    expect(m.Casillas).toEqual({ '01': '3', '02': '1830.00', '03': '1', '04': '-50.00' });
    expect(m.Avisos.filter((a) => a.Codigo === 'nif-iva').map((a) => a.Mensaje)).toEqual([
      expect.stringContaining('Sin NIF-IVA'),
    ]);
  });
});

describe('modelo 349: goods and services', () => {
  it('splits a row into E and S by its services base, and purchases into A and I', () => {
    const m = modelo349(
      T2,
      [
        e({ PorcentajeIva: '0.00', Base: '1000', BaseServicios: '400', Exencion: 'E5', NIF: 'IT12345678901' }),
        e({ PorcentajeIva: '0.00', Base: '-100', BaseServicios: '-250', Exencion: 'E5', NIF: 'IT12345678901' }),
      ],
      [
        r({ Operacion: 'intracomunitaria', Base: '300', BaseServicios: '300', NIF: 'DE123456789' }),
        r({ Operacion: 'intracomunitaria', Base: '200', NIF: 'DE123456789' }),
      ],
    );
    // E 1000 − 400 = 600; S 400 − 100 (the credit note is all services: its −250 is capped at its base −100).
    expect(m.Declarados!.map((x) => [x.NIF, x.Clave, x.Importe])).toEqual([
      ['IT12345678901', 'E', '600.00'],
      ['IT12345678901', 'S', '300.00'],
      ['DE123456789', 'I', '300.00'],
      ['DE123456789', 'A', '200.00'],
    ]);
    expect(m.Casillas).toMatchObject({ '01': '4', '02': '1400.00' });
    expect([nifIva('DE123456789', 'DE'), nifIva('123456789', 'de'), nifIva('B12345678', 'ES')]).toEqual([
      'DE123456789',
      'DE123456789',
      'ESB12345678',
    ]);
    expect(m.Traza['02']!.map((t) => t.Importe)).toEqual(['600.00', '400.00', '-100.00', '300.00', '200.00']);
  });
});

describe('modelo 347', () => {
  const A = per('347', 2026, '0A');
  const x = (nif: string | null, fecha: string, base: string, o: Partial<LineaEmitida> = {}) =>
    e({
      NIF: nif,
      Fecha: fecha,
      Base: base,
      Cuota: (Number(base) * 0.21).toFixed(2),
      Tercero: nif ?? 'Anónimo',
      CodPostal: '28001',
      ...o,
    });
  const m = modelo347(
    A,
    [
      x('B10000001', '2026-02-01', '1500'),
      x('B10000001', '2026-08-01', '1000'),
      // 2,483.52 + 21 % = 3,005.06: not over the threshold.
      x('B10000002', '2026-03-01', '2483.52', { Cuota: '521.54' }),
      x('FR12345678901', '2026-03-01', '9000', { Exencion: 'E5', Cuota: '0' }),
      x(null, '2026-04-01', '4000'),
    ],
    [
      r({ Fecha: '2026-11-01', FechaFactura: '2026-11-01', NIF: 'B20000001', Base: '5000', Cuota: '1050' }),
      // A professional's fee the company paid with IRPF withheld: declared in 190, not in 347 (the payer's exclusion).
      r({
        Fecha: '2026-03-01',
        FechaFactura: '2026-03-01',
        NIF: 'B10000003',
        Base: '5000',
        Cuota: '1050',
        Retencion: '750',
      }),
    ],
    { Metalico: { B10000001: '6500' } },
  );
  it("declares a professional's own issued invoice with IRPF with its customer", () => {
    const profesional = modelo347(A, [x('B10000003', '2026-03-01', '5000', { Retencion: '750' })], []);
    expect(profesional.Declarados!.map((d) => [d.NIF, d.Clave, d.Importe])).toEqual([['B10000003', 'B', '6050.00']]);
  });
  it('declares third parties over 3,005.06 € with their quarters, keys and cash', () => {
    expect(m.Declarados).toEqual([
      expect.objectContaining({
        NIF: 'B10000001',
        Clave: 'B',
        Importe: '3025.00',
        Trimestres: ['1815.00', '0.00', '1210.00', '0.00'],
        Metalico: '6500.00',
        Provincia: '28',
      }),
      expect.objectContaining({ NIF: 'B20000001', Clave: 'A', Importe: '6050.00' }),
    ]);
    expect(m.Casillas).toEqual({ '01': '2', '02': '9075.00', '03': '0.00', '04': '0.00' });
    expect(m.Avisos.map((a) => a.Codigo)).toEqual(['sin-nif']);
  });

  it('347 records: 500 characters, the fields at their positions', () => {
    const f = ficheroDeclaracion(m, A, { NIF: 'B99999999', Nombre: 'Ferretería Núñez SL' });
    const [t1, t2, t3, rest] = f.split('\r\n');
    expect([t1, t2, t3].map((l) => l!.length)).toEqual([500, 500, 500]);
    expect(rest).toBe('');
    const at = (s: string, a: number, b: number) => s.slice(a - 1, b);
    expect(at(t1!, 1, 8)).toBe('13472026');
    expect(at(t1!, 9, 17)).toBe('B99999999');
    expect(at(t1!, 18, 57).trimEnd()).toBe('FERRETERIA NUÑEZ SL');
    expect(at(t1!, 136, 144)).toBe('000000002');
    expect(at(t1!, 145, 160)).toBe(' 000000000907500');
    expect(at(t2!, 1, 8)).toBe('23472026');
    expect(at(t2!, 18, 26)).toBe('B10000001');
    expect(at(t2!, 76, 82)).toBe('D28   B');
    expect(at(t2!, 83, 98)).toBe(' 000000000302500');
    expect(at(t2!, 101, 115)).toBe('000000000650000');
    expect(at(t2!, 132, 135)).toBe('2026');
    expect(at(t2!, 136, 151)).toBe(' 000000000181500');
    expect(at(t2!, 200, 215)).toBe(' 000000000121000');
    expect(at(t3!, 82, 82)).toBe('A');
  });
});

describe('AEAT files of the self-assessments', () => {
  const at = (s: string, a: number, b: number) => s.slice(a - 1, b);
  const d = { NIF: 'B99999999', Nombre: 'Ferretería Núñez SL' };
  it('303 of 2026 (DR303e26): envelope, page 01 and 03 at their positions, signed amounts', () => {
    const m = modelo303(T2, emitidas, recibidas, { PendienteCompensar: '100' });
    const f = ficheroAutoliquidacion(m, T2, d, 'B88888888');
    expect(f.length).toBe(17 + 311 + 1581 + 1017 + 18);
    expect(at(f, 1, 17)).toBe('<T303020262T0000>');
    expect(at(f, 18, 22)).toBe('<AUX>');
    expect(at(f, 101, 109)).toBe('B88888888');
    expect(at(f, 323, 328)).toBe('</AUX>');
    expect(f.endsWith('</T303020262T0000>')).toBe(true);
    const p1 = f.slice(328, 328 + 1581);
    expect(at(p1, 1, 11)).toBe('<T30301000>');
    expect(at(p1, 13, 13)).toBe('C');
    expect(at(p1, 14, 22)).toBe('B99999999');
    expect(at(p1, 23, 102).trimEnd()).toBe('FERRETERIA NUÑEZ SL');
    expect(at(p1, 103, 108)).toBe('20262T');
    expect(at(p1, 130, 130)).toBe('0');
    expect(at(p1, 209, 225)).toBe('00000000000005000');
    expect(at(p1, 226, 230)).toBe('00400');
    expect(at(p1, 343, 347)).toBe('02100');
    expect(at(p1, 348, 364)).toBe('00000000000023100');
    expect(at(p1, 433, 449)).toBe('N0000000000010000');
    expect(at(p1, 696, 712)).toBe('00000000000055359');
    expect(at(p1, 730, 746)).toBe('00000000000040425');
    expect(at(p1, 1019, 1035)).toBe('N0000000000072426');
    expect(at(p1, 1570, 1581)).toBe('</T30301000>');
    const p3 = f.slice(328 + 1581, 328 + 1581 + 1017);
    expect(at(p3, 1, 11)).toBe('<T30303000>');
    expect(at(p3, 12, 28)).toBe('00000000000050000');
    expect(at(p3, 255, 271)).toBe('00000000000010000');
    expect(at(p3, 408, 424)).toBe('N0000000000072426');
    expect(at(p3, 1006, 1017)).toBe('</T30303000>');
    expect([...f].every((ch) => ch.charCodeAt(0) < 256)).toBe(true);
  });
  it('111 and 115: their pages and a CRLF at the end', () => {
    const m111 = modelo111(T2, recibidas, { Casillas: { '01': '2', '02': '3000', '03': '450' } });
    const f = ficheroAutoliquidacion(m111, T2, d);
    const p = f.slice(328, 328 + 1000);
    expect(f.endsWith('</T111020262T0000>\r\n')).toBe(true);
    expect(at(p, 1, 11)).toBe('<T11101000>');
    expect(at(p, 109, 116)).toBe('00000002');
    expect(at(p, 193, 200)).toBe('00000001');
    expect(at(p, 201, 217)).toBe('00000000000050000');
    expect(at(p, 218, 234)).toBe('00000000000007500');
    expect(at(p, 487, 503)).toBe('00000000000052500');
    expect(at(p, 521, 537)).toBe('00000000000052500');
    expect(at(p, 989, 1000)).toBe('</T11101000>');
    const g = ficheroAutoliquidacion(modelo115(T2, recibidas), T2, d).slice(328, 828);
    expect([at(g, 109, 123), at(g, 124, 140), at(g, 141, 157), at(g, 489, 500)]).toEqual([
      '000000000000001',
      '00000000000100000',
      '00000000000019000',
      '</T11501000>',
    ]);
  });
  it('130: boxes every 17 positions from 109', () => {
    const m = modelo130(per('130', 2026, '1T'), [e({ Fecha: '2026-02-01', Base: '1000' })], []);
    const p = ficheroAutoliquidacion(m, per('130', 2026, '1T'), d).slice(328, 928);
    expect(at(p, 109, 125)).toBe('00000000000100000');
    expect(at(p, 160, 176)).toBe('00000000000020000');
    expect(at(p, 415, 431)).toBe('00000000000020000');
    expect(at(p, 589, 600)).toBe('</T13001000>');
  });
  it('349 records', () => {
    const m = modelo349(T2, emitidas, recibidas);
    const [t1, t2] = ficheroDeclaracion(m, T2, d).split('\r\n');
    expect(t1!.slice(135, 137)).toBe('2T');
    expect(t1!.slice(137, 146)).toBe('000000002');
    expect(t1!.slice(146, 161)).toBe('000000000150000');
    expect(t2!.slice(75, 92)).toBe('FR12345678901    ');
    expect(t2!.slice(132, 146)).toBe('E0000000050000');
  });
});

describe('warnings', () => {
  it('finds gaps in a series', () => {
    expect(
      huecosSerie([1, 2, 5, 6, 8].map((n) => ({ Serie: 'F', Anyo: 2026, Numero: n }))).map((a) => a.Mensaje),
    ).toEqual(['Serie F (2026): falta los números 3 a 4', 'Serie F (2026): falta el número 7']);
  });
});

describe('cents', () => {
  it('reads an amount to the cent, the third decimal rounding half up on the magnitude, odd text as it always did', () => {
    const casos: [string, number][] = [
      ['-0.005', -1],
      ['1.999', 200],
      ['1.995', 200],
      ['.5', 50],
      [' 2.50 ', 250],
      ['+3.1', 310],
      ['12.345', 1235],
      ['1.2.3', 120],
      ['-7', -700],
      ['5.', 500],
      ['0.004', 0],
      ['-12.5', -1250],
      ['123456789012.34', 12345678901234],
      ['1e3', 100000],
      ['', 0],
      ['007.05', 705],
    ];
    expect(casos.map(([s]) => [s, cents(s)])).toEqual(casos);
    expect(Object.is(cents('-0.00'), -0)).toBe(true);
    expect(cents('abc')).toBeNaN();
    expect([cents(null), cents(undefined), cents(12.5), cents(-3)]).toEqual([0, 0, 1250, -300]);
  });
});
