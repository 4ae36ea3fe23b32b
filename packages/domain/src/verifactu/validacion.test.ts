import { describe, expect, it } from 'vitest';
import { ERRORES_AEAT } from './errores.ts';
import { prepararRegistroAlta, prepararRegistroAnulacion } from './preparar.ts';
import { generarRegistroAlta, generarRegistroAnulacion } from './registro.ts';
import type { DatosAlta, RegistroAlta } from './types.ts';
import { errores, validarRegistroAlta, validarRegistroAnulacion } from './validacion.ts';
import { SISTEMA } from './verifactu.testkit.ts';

const BASE: DatosAlta = {
  IDEmisorFactura: 'B12345674',
  NumSerieFactura: 'FV2025/000123',
  FechaExpedicionFactura: '2025-03-10',
  NombreRazonEmisor: 'Ferretería Faro SL',
  TipoFactura: 'F1',
  DescripcionOperacion: 'Venta de material',
  Destinatarios: [{ NombreRazon: 'Cliente SA', NIF: 'A87654321' }],
  Desglose: [
    {
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: 21,
      BaseImponibleOimporteNoSujeto: '100',
      CuotaRepercutida: '21',
    },
    {
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: 10,
      BaseImponibleOimporteNoSujeto: '50.55',
      CuotaRepercutida: '5.06',
    },
  ],
};

const ctx = { SistemaInformatico: SISTEMA, anterior: null, instante: new Date('2025-03-10T10:00:00Z') };
const alta = (cambios: Partial<DatosAlta> = {}) => generarRegistroAlta({ ...BASE, ...cambios }, ctx);
const codigos = (r: RegistroAlta, opciones = {}) =>
  errores(validarRegistroAlta(r, opciones)).map((i) => i.Codigo ?? i.Campo);

describe('a correct record has no findings', () => {
  it('F1 with two rates, computed totals', () => {
    const r = alta();
    expect(r.CuotaTotal).toBe('26.06');
    expect(r.ImporteTotal).toBe('176.61');
    expect(validarRegistroAlta(r, { NIFObligado: 'B12345674', hoy: '2025-03-10' })).toEqual([]);
  });

  it('F2 without recipients, R1 by differences, R5 by substitution, surcharge, exempt, S2, N2', () => {
    const casos: Partial<DatosAlta>[] = [
      { TipoFactura: 'F2', Destinatarios: undefined },
      {
        TipoFactura: 'R1',
        TipoRectificativa: 'I',
        FacturasRectificadas: [{ NumSerieFactura: 'FV2025/000100', FechaExpedicionFactura: '2025-03-01' }],
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S1',
            TipoImpositivo: 21,
            BaseImponibleOimporteNoSujeto: '-10',
            CuotaRepercutida: '-2.10',
          },
        ],
      },
      {
        TipoFactura: 'R5',
        TipoRectificativa: 'S',
        Destinatarios: undefined,
        ImporteRectificacion: { BaseRectificada: 100, CuotaRectificada: 21 },
      },
      {
        Desglose: [
          {
            ClaveRegimen: '18',
            CalificacionOperacion: 'S1',
            TipoImpositivo: 21,
            BaseImponibleOimporteNoSujeto: '100',
            CuotaRepercutida: '21',
            TipoRecargoEquivalencia: 5.2,
            CuotaRecargoEquivalencia: '5.20',
          },
        ],
      },
      {
        Destinatarios: [{ NombreRazon: 'Client GmbH', IDOtro: { CodigoPais: 'DE', IDType: '02', ID: 'DE123456789' } }],
        Desglose: [{ ClaveRegimen: '01', OperacionExenta: 'E5', BaseImponibleOimporteNoSujeto: '1000' }],
      },
      {
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S2',
            TipoImpositivo: 0,
            BaseImponibleOimporteNoSujeto: '500',
            CuotaRepercutida: 0,
          },
        ],
      },
      {
        Desglose: [
          {
            Impuesto: '03',
            ClaveRegimen: '01',
            CalificacionOperacion: 'S1',
            TipoImpositivo: 7,
            BaseImponibleOimporteNoSujeto: '100',
            CuotaRepercutida: 7,
          },
        ],
      },
      { Desglose: [{ ClaveRegimen: '08', CalificacionOperacion: 'N2', BaseImponibleOimporteNoSujeto: '100' }] },
      { Desglose: [{ ClaveRegimen: '02', OperacionExenta: 'E2', BaseImponibleOimporteNoSujeto: '100' }] },
    ];
    for (const cambios of casos) expect(validarRegistroAlta(alta(cambios))).toEqual([]);
  });

  it('an anulación', () => {
    const r = generarRegistroAnulacion(anulada('FV2025/000123'), ctx);
    expect(validarRegistroAnulacion(r, { NIFObligado: 'B12345674' })).toEqual([]);
  });
});

/** The invoice an anulación cancels: B12345674's of 10 March 2025, by its number. */
const anulada = (NumSerieFacturaAnulada: string) => ({
  IDEmisorFacturaAnulada: 'B12345674',
  NumSerieFacturaAnulada,
  FechaExpedicionFacturaAnulada: '2025-03-10',
});

const S1 = (tipo: number | string, base: string, cuota: string, extra = {}) => ({
  ClaveRegimen: '01' as const,
  CalificacionOperacion: 'S1' as const,
  TipoImpositivo: tipo,
  BaseImponibleOimporteNoSujeto: base,
  CuotaRepercutida: cuota,
  ...extra,
});

describe('AEAT rules, each with its error code', () => {
  it.each<[string, number | string, Partial<DatosAlta>]>([
    ['F2 with recipients', 1190, { TipoFactura: 'F2' }],
    ['R5 with recipients', 1190, { TipoFactura: 'R5', TipoRectificativa: 'I' }],
    ['F1 without recipients', 1189, { Destinatarios: undefined }],
    ['R4 without recipients', 1189, { TipoFactura: 'R4', TipoRectificativa: 'I', Destinatarios: [] }],
    ['R1 without TipoRectificativa', 1114, { TipoFactura: 'R1' }],
    ['F1 with TipoRectificativa', 1115, { TipoRectificativa: 'I' }],
    [
      'F1 with rectified invoices',
      1117,
      { FacturasRectificadas: [{ NumSerieFactura: 'X1', FechaExpedicionFactura: '2025-01-01' }] },
    ],
    [
      'F1 with substituted invoices',
      1116,
      { FacturasSustituidas: [{ NumSerieFactura: 'X1', FechaExpedicionFactura: '2025-01-01' }] },
    ],
    ['R1 by substitution without ImporteRectificacion', 1118, { TipoFactura: 'R1', TipoRectificativa: 'S' }],
    [
      'R1 by differences with ImporteRectificacion',
      1119,
      { TipoFactura: 'R1', TipoRectificativa: 'I', ImporteRectificacion: { BaseRectificada: 1, CuotaRectificada: 0 } },
    ],
    ['series with a quote', 1287, { NumSerieFactura: 'FV"1' }],
    ['series with =', 1287, { NumSerieFactura: 'FV=1' }],
    ['series with <', 1287, { NumSerieFactura: 'FV<1' }],
    ['series with ñ', 1130, { NumSerieFactura: 'AÑO-1' }],
    ['series of 61 characters', 1104, { NumSerieFactura: 'X'.repeat(61) }],
    ['issuer NIF of 8 characters', 1123, { IDEmisorFactura: 'B1234567' }],
    ['invoice before 28-10-2024', 1152, { FechaExpedicionFactura: '2024-10-27' }],
    ['VAT rate 12 %', 1124, { Desglose: [S1(12, '100', '12')] }],
    ['VAT rate 5 % in 2025', 1194, { Desglose: [S1(5, '100', '5')] }],
    ['VAT rate 2 % in 2025', 1235, { Desglose: [S1(2, '100', '2')] }],
    ['VAT rate 7.5 % in 2025', 1236, { Desglose: [S1('7.5', '100', '7.50')] }],
    [
      '21 % with surcharge 1.4',
      1162,
      { Desglose: [S1(21, '100', '21', { TipoRecargoEquivalencia: '1.4', CuotaRecargoEquivalencia: '1.40' })] },
    ],
    [
      '10 % with surcharge 5.2',
      1163,
      { Desglose: [S1(10, '100', '10', { TipoRecargoEquivalencia: '5.2', CuotaRecargoEquivalencia: '5.20' })] },
    ],
    [
      '4 % with surcharge 1.4',
      1164,
      { Desglose: [S1(4, '100', '4', { TipoRecargoEquivalencia: '1.4', CuotaRecargoEquivalencia: '1.40' })] },
    ],
    [
      '0 % with surcharge 0 in 2025',
      1170,
      { Desglose: [S1(0, '100', '0', { TipoRecargoEquivalencia: 0, CuotaRecargoEquivalencia: 0 })] },
    ],
    ['surcharge rate without its quota', 1284, { Desglose: [S1(21, '100', '21', { TipoRecargoEquivalencia: '5.2' })] }],
    [
      'surcharge on an exempt line',
      1238,
      {
        Desglose: [
          {
            ClaveRegimen: '01',
            OperacionExenta: 'E1',
            BaseImponibleOimporteNoSujeto: '100',
            TipoRecargoEquivalencia: 5.2,
            CuotaRecargoEquivalencia: 5.2,
          },
        ],
      },
    ],
    [
      'N1 of IVA with a rate',
      1237,
      {
        Desglose: [
          { ClaveRegimen: '01', CalificacionOperacion: 'N1', TipoImpositivo: 21, BaseImponibleOimporteNoSujeto: '100' },
        ],
      },
    ],
    ['S2 with a quota', 1198, { Desglose: [S1(21, '100', '21', { CalificacionOperacion: 'S2' })] }],
    [
      'S2 on an F2',
      1197,
      {
        TipoFactura: 'F2',
        Destinatarios: undefined,
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S2',
            TipoImpositivo: 0,
            BaseImponibleOimporteNoSujeto: '100',
            CuotaRepercutida: 0,
          },
        ],
      },
    ],
    [
      'S1 without rate',
      1208,
      {
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S1',
            BaseImponibleOimporteNoSujeto: '100',
            CuotaRepercutida: '21',
          },
        ],
      },
    ],
    [
      'neither calificación nor exención',
      1195,
      { Desglose: [{ ClaveRegimen: '01', BaseImponibleOimporteNoSujeto: '100' }] },
    ],
    [
      'both calificación and exención',
      1196,
      {
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S1',
            OperacionExenta: 'E1',
            BaseImponibleOimporteNoSujeto: '100',
          },
        ],
      },
    ],
    [
      'IVA without ClaveRegimen',
      1245,
      {
        Desglose: [
          {
            CalificacionOperacion: 'S1',
            TipoImpositivo: 21,
            BaseImponibleOimporteNoSujeto: '100',
            CuotaRepercutida: '21',
          },
        ],
      },
    ],
    [
      'Otros with ClaveRegimen',
      1260,
      {
        Desglose: [
          { Impuesto: '05', ClaveRegimen: '01', CalificacionOperacion: 'N1', BaseImponibleOimporteNoSujeto: '100' },
        ],
      },
    ],
    ['export not exempt', 1286, { Desglose: [S1(21, '100', '21', { ClaveRegimen: '02' })] }],
    [
      'clave 08 not N2',
      1252,
      { Desglose: [{ ClaveRegimen: '08', CalificacionOperacion: 'N1', BaseImponibleOimporteNoSujeto: '100' }] },
    ],
    ['clave 11 at 10 %', 1206, { Desglose: [S1(10, '100', '10', { ClaveRegimen: '11' })] }],
    ['quota 15 € off', 1142, { Desglose: [S1(21, '100', '36')] }],
    ['quota with the opposite sign', 1143, { Desglose: [S1(21, '-1', '0.21')] }],
    ['CuotaTotal 20 € off', 2006, { CuotaTotal: '46.06' }],
    ['ImporteTotal 20 € off', 2005, { ImporteTotal: '196.61' }],
    ['F2 over 3,000 €', 1150, { TipoFactura: 'F2', Destinatarios: undefined, Desglose: [S1(21, '2500', '525')] }],
    ['Macrodato S on a small invoice', 1138, { Macrodato: 'S' }],
    ['13 breakdown lines', 'Desglose', { Desglose: Array.from({ length: 13 }, () => S1(21, '1', '0.21')) }],
    ['RechazoPrevio X without Subsanacion', 1153, { RechazoPrevio: 'X' }],
    ['RechazoPrevio S without Subsanacion', 1161, { RechazoPrevio: 'S' }],
    ['Art7273 on an F2', 1183, { TipoFactura: 'F2', Destinatarios: undefined, FacturaSimplificadaArt7273: 'S' }],
    ['Art61d on an F1', 1185, { FacturaSinIdentifDestinatarioArt61d: 'S' }],
    ['Cupon on an F1', 1157, { Cupon: 'S' }],
    ['issued by a third party without Tercero', 1186, { EmitidaPorTerceroODestinatario: 'T' }],
    ['Tercero without the T flag', 1187, { Tercero: { NombreRazon: 'Gestoría', NIF: 'B87654321' } }],
    ['recipient with the issuer NIF', 1193, { Destinatarios: [{ NombreRazon: 'Yo', NIF: 'B12345674' }] }],
    [
      'recipient with NIF and IDOtro',
      1100,
      { Destinatarios: [{ NombreRazon: 'X', NIF: 'A87654321', IDOtro: { CodigoPais: 'FR', IDType: '04', ID: '1' } }] },
    ],
    [
      'foreign id without country',
      1111,
      { Destinatarios: [{ NombreRazon: 'X', IDOtro: { IDType: '04', ID: '123' } }] },
    ],
    [
      'foreign id with country ES and type 04',
      1126,
      { Destinatarios: [{ NombreRazon: 'X', IDOtro: { CodigoPais: 'ES', IDType: '04', ID: '123' } }] },
    ],
    [
      'NIF-IVA of another country',
      1122,
      { Destinatarios: [{ NombreRazon: 'X', IDOtro: { CodigoPais: 'FR', IDType: '02', ID: 'DE123' } }] },
    ],
    [
      'unknown country',
      1101,
      { Destinatarios: [{ NombreRazon: 'X', IDOtro: { CodigoPais: 'ZZ', IDType: '04', ID: '123' } }] },
    ],
    [
      'R3 with a passport',
      1191,
      {
        TipoFactura: 'R3',
        TipoRectificativa: 'I',
        Destinatarios: [{ NombreRazon: 'X', IDOtro: { CodigoPais: 'FR', IDType: '03', ID: '1' } }],
      },
    ],
    ['operation date after expedition without clave 14/15', 1146, { FechaOperacion: '2025-03-20' }],
  ])('%s → %s', (_name, codigo, cambios) => {
    expect(codigos(alta(cambios))).toContain(codigo);
  });

  it('IDEmisorFactura must be the ObligadoEmision (1108) and the date not in the future (1112)', () => {
    expect(codigos(alta(), { NIFObligado: 'A00000000', hoy: '2025-03-09' }).sort()).toEqual([1108, 1112]);
  });

  it('a tampered record: wrong huella (2000), wrong format (1262), bad system id (1177), bad timestamp (1244)', () => {
    const r = alta();
    expect(codigos({ ...r, ImporteTotal: '176.62' }).filter((c) => c !== 2005)).toEqual([2000]);
    expect(codigos({ ...r, Huella: 'abc' })).toEqual([1262]);
    expect(codigos({ ...r, SistemaInformatico: { ...SISTEMA, IdSistemaInformatico: 'ñ1' } })).toContain(1177);
    expect(codigos({ ...r, FechaHoraHusoGenRegistro: '2025-03-10T11:00:00Z' })).toContain(1244);
  });

  it('a quota that differs by cents from the rounding is only a warning', () => {
    const r = alta({ Desglose: [S1(21, '100', '21.01')] });
    expect(errores(validarRegistroAlta(r))).toEqual([]);
    expect(validarRegistroAlta(r).map((i) => i.Gravedad)).toContain('aviso');
  });

  it('Macrodato is set automatically from 100,000,000.00 €', () => {
    const r = alta({ Desglose: [S1(21, '90000000', '18900000')] });
    expect(r.Macrodato).toBe('S');
    expect(codigos(r)).toEqual([]);
  });

  it('messages are Spanish and every code is explained in the AEAT table', () => {
    const findings = validarRegistroAlta(
      alta({ TipoFactura: 'R1', NumSerieFactura: 'A=1', FechaExpedicionFactura: '2024-01-01' }),
    );
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.Mensaje).toMatch(/[a-záéíóú]/);
      if (f.Codigo !== undefined) expect(ERRORES_AEAT.has(f.Codigo), String(f.Codigo)).toBe(true);
    }
  });

  it('anulación: GeneradoPor without Generador (1224), anulled invoice before 28-10-2024 (1152)', () => {
    const r = generarRegistroAnulacion(
      {
        IDEmisorFacturaAnulada: 'B12345674',
        NumSerieFacturaAnulada: 'F1',
        FechaExpedicionFacturaAnulada: '2024-01-01',
        GeneradoPor: 'E',
      },
      ctx,
    );
    expect(errores(validarRegistroAnulacion(r)).map((i) => i.Codigo)).toEqual([1152, 1224]);
  });
});

describe('prepararRegistroAlta: generate and validate in one call', () => {
  it('valid record, and "today" is the generation date in Spain', () => {
    const ok = prepararRegistroAlta(BASE, {
      SistemaInformatico: SISTEMA,
      anterior: null,
      instante: new Date('2025-03-10T10:00:00Z'),
    });
    expect(ok).toMatchObject({ valido: true, incidencias: [] });
    // 23:30 UTC on 9 March is 00:30 on the 10th in Madrid, but still the 9th in the Canaries.
    const medianoche = prepararRegistroAlta(BASE, {
      SistemaInformatico: SISTEMA,
      anterior: null,
      instante: new Date('2025-03-09T23:30:00Z'),
    });
    expect(medianoche.valido).toBe(true);
    const canarias = prepararRegistroAlta(BASE, {
      SistemaInformatico: SISTEMA,
      anterior: null,
      instante: new Date('2025-03-09T23:30:00Z'),
      zona: 'canarias',
    });
    expect(canarias.valido).toBe(false);
    expect(canarias.incidencias.map((i) => i.Codigo)).toEqual([1112]);
  });

  it('an anulación', () => {
    const r = prepararRegistroAnulacion(anulada('A<1'), ctx);
    expect(r.valido).toBe(false);
    expect(r.incidencias.map((i) => i.Codigo)).toEqual([1287]);
  });
});
