import { type DesgloseIva, prepararRegistroAlta } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { detalleSujeto } from './desglose.testkit.ts';
import { desgloseVerifactu } from './registros.ts';

/** The invoice breakdown per rate → DetalleDesglose (impuesto, clave de régimen, calificación or exención). */
const linea = (over: Partial<DesgloseIva> = {}): DesgloseIva => ({
  TipoIva: 'IVA21',
  Impuesto: 'IVA',
  PorcentajeIva: '21.00',
  PorcentajeRecargo: '5.20',
  Exencion: null,
  Base: '100.00',
  Cuota: '21.00',
  CuotaRecargo: '0.00',
  ...over,
});

const SISTEMA = {
  NombreRazon: 'Faro',
  NIF: 'B85626240',
  NombreSistemaInformatico: 'Faro',
  IdSistemaInformatico: 'FA',
  Version: '1.0',
  NumeroInstalacion: 'FARO-1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'N',
} as const;

function valida(desglose: DesgloseIva[], regimen: string | null, destinatario: object = { NIF: '00000014Z' }) {
  const p = prepararRegistroAlta(
    {
      IDEmisorFactura: 'B85626240',
      NumSerieFactura: 'F1',
      FechaExpedicionFactura: '2026-11-02',
      NombreRazonEmisor: 'Ferretería',
      TipoFactura: 'F1',
      DescripcionOperacion: 'Venta',
      Destinatarios: [{ NombreRazon: 'Cliente', ...destinatario }],
      Desglose: desgloseVerifactu(desglose, regimen),
    },
    { SistemaInformatico: SISTEMA, anterior: null, instante: new Date('2026-11-02T10:00:00Z') },
  );
  return p.incidencias.filter((i) => i.Gravedad === 'error').map((i) => `${i.Campo}: ${i.Mensaje}`);
}

describe('desgloseVerifactu', () => {
  it('S1 per rate, with the equivalence surcharge when the customer carries it', () => {
    const d = desgloseVerifactu(
      [
        linea(),
        linea({
          TipoIva: 'IVA10',
          PorcentajeIva: '10.00',
          Cuota: '10.00',
          CuotaRecargo: '1.40',
          PorcentajeRecargo: '1.40',
        }),
      ],
      'recargo',
    );
    expect(d).toEqual([
      detalleSujeto('21.00', '100.00', '21.00'),
      detalleSujeto('10.00', '100.00', '10.00', { TipoRecargoEquivalencia: '1.40', CuotaRecargoEquivalencia: '1.40' }),
    ]);
    expect(valida([linea()], 'general')).toEqual([]);
  });

  it('exemptions E1–E6 from the VAT type, exports (clave 02, E2) and intra-EU supplies (E5)', () => {
    const exento = linea({ TipoIva: 'EXENTO', PorcentajeIva: '0.00', Cuota: '0.00', Exencion: 'E1' });
    expect(desgloseVerifactu([exento], 'general')[0]).toMatchObject({ OperacionExenta: 'E1', ClaveRegimen: '01' });
    expect(valida([exento], 'general')).toEqual([]);
    const cero = linea({ PorcentajeIva: '0.00', Cuota: '0.00' });
    expect(desgloseVerifactu([cero], 'exportacion')[0]).toMatchObject({ OperacionExenta: 'E2', ClaveRegimen: '02' });
    expect(valida([cero], 'exportacion', { IDOtro: { CodigoPais: 'US', IDType: '04', ID: 'X1' } })).toEqual([]);
    expect(desgloseVerifactu([cero], 'intracomunitario')[0]).toMatchObject({
      OperacionExenta: 'E5',
      ClaveRegimen: '01',
    });
    expect(valida([cero], 'intracomunitario', { IDOtro: { IDType: '02', ID: 'FR12345678901' } })).toEqual([]);
  });

  it('S2 (reverse charge) and N1/N2 (not subject) from the VAT type; IGIC and IPSI codes', () => {
    expect(desgloseVerifactu([linea({ Exencion: 'S2', Cuota: '0.00' })], 'general')[0]).toMatchObject({
      CalificacionOperacion: 'S2',
      TipoImpositivo: '0',
      CuotaRepercutida: '0',
    });
    const n1 = linea({ Exencion: 'N1', PorcentajeIva: '0.00', Cuota: '0.00' });
    expect(desgloseVerifactu([n1], 'general')[0]).toEqual({
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'N1',
      BaseImponibleOimporteNoSujeto: '100.00',
    });
    expect(valida([n1], 'general')).toEqual([]);
    expect(
      desgloseVerifactu([linea({ Impuesto: 'IGIC', PorcentajeIva: '7.00', Cuota: '7.00' })], null)[0],
    ).toMatchObject({
      Impuesto: '03',
      ClaveRegimen: '01',
    });
    const ipsi = desgloseVerifactu([linea({ Impuesto: 'IPSI', PorcentajeIva: '4.00', Cuota: '4.00' })], null)[0]!;
    expect(ipsi.Impuesto).toBe('02');
    expect(ipsi.ClaveRegimen).toBeUndefined();
  });
});
