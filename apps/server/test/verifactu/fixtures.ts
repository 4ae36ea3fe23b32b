import {
  type DatosAlta,
  generarRegistroAlta,
  generarRegistroAnulacion,
  type RegistroFacturacion,
  type SistemaInformatico,
  validarRegistro,
} from '../../src/verifactu/dominio.ts';
import type { Cabecera } from '../../src/verifactu/xml/mensaje.ts';

export const NIF_EMPRESA = '89890001K';

export const SISTEMA: SistemaInformatico = {
  NombreRazon: 'Faro Software SL',
  NIF: 'B00000034',
  NombreSistemaInformatico: 'Faro ERP',
  IdSistemaInformatico: 'FA',
  Version: '1.0.0',
  NumeroInstalacion: 'faro-pruebas-1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'N',
};

export const CABECERA: Cabecera = {
  ObligadoEmision: { NombreRazon: 'Empresa de Prueba & Cía <SL>', NIF: NIF_EMPRESA },
};

const S1 = (tipo: number, base: string, cuota: string) => ({
  ClaveRegimen: '01' as const,
  CalificacionOperacion: 'S1' as const,
  TipoImpositivo: tipo,
  BaseImponibleOimporteNoSujeto: base,
  CuotaRepercutida: cuota,
});

/** A normal F1 invoice, numbered `n`. */
export function datosFactura(n: number, cambios: Partial<DatosAlta> = {}): DatosAlta {
  return {
    IDEmisorFactura: NIF_EMPRESA,
    NumSerieFactura: `FV2026/${String(n).padStart(6, '0')}`,
    FechaExpedicionFactura: '2026-11-20',
    NombreRazonEmisor: 'Empresa de Prueba & Cía <SL>',
    TipoFactura: 'F1',
    DescripcionOperacion: 'Venta de mercaderías',
    Destinatarios: [{ NombreRazon: 'Cliente "Uno" SA', NIF: '89890002E' }],
    Desglose: [S1(21, '100.00', '21.00')],
    ...cambios,
  };
}

/** Every shape of record the builder must handle, as one valid chain. */
export const VARIANTES: Partial<DatosAlta>[] = [
  {},
  { NumSerieFactura: `A&B<'"=>`.replace(/[<>"'=]/g, '-'), RefExterna: 'Pedido <7> & "urgente"' },
  { TipoFactura: 'F2', Destinatarios: undefined, FacturaSinIdentifDestinatarioArt61d: 'S' },
  {
    TipoFactura: 'F3',
    FacturasSustituidas: [
      { NumSerieFactura: 'T2026/000001', FechaExpedicionFactura: '2026-11-01' },
      { NumSerieFactura: 'T2026/000002', FechaExpedicionFactura: '2026-11-02' },
    ],
  },
  {
    TipoFactura: 'R1',
    TipoRectificativa: 'S',
    FacturasRectificadas: [{ NumSerieFactura: 'FV2026/000001', FechaExpedicionFactura: '2026-11-20' }],
    ImporteRectificacion: { BaseRectificada: '100', CuotaRectificada: '21', CuotaRecargoRectificado: '0' },
  },
  {
    TipoFactura: 'R4',
    TipoRectificativa: 'I',
    Desglose: [S1(21, '-10.00', '-2.10')],
    Cupon: 'N',
  },
  {
    TipoFactura: 'R5',
    TipoRectificativa: 'I',
    Destinatarios: undefined,
    Desglose: [S1(10, '-5.00', '-0.50')],
  },
  {
    Destinatarios: [
      { NombreRazon: 'Kunde GmbH', IDOtro: { CodigoPais: 'DE', IDType: '02', ID: 'DE123456789' } },
      { NombreRazon: 'John Smith', IDOtro: { CodigoPais: 'US', IDType: '03', ID: 'P1234567' } },
    ],
    Desglose: [{ ClaveRegimen: '01', OperacionExenta: 'E5', BaseImponibleOimporteNoSujeto: '1500.00' }],
  },
  {
    FechaOperacion: '2026-11-15',
    Desglose: [
      S1(21, '100.00', '21.00'),
      S1(10, '50.00', '5.00'),
      S1(4, '20.00', '0.80'),
      {
        ClaveRegimen: '18',
        CalificacionOperacion: 'S1',
        TipoImpositivo: 21,
        BaseImponibleOimporteNoSujeto: '10.00',
        CuotaRepercutida: '2.10',
        TipoRecargoEquivalencia: '5.2',
        CuotaRecargoEquivalencia: '0.52',
      },
      {
        ClaveRegimen: '01',
        CalificacionOperacion: 'S2',
        TipoImpositivo: 0,
        BaseImponibleOimporteNoSujeto: '300.00',
        CuotaRepercutida: 0,
      },
      { ClaveRegimen: '02', OperacionExenta: 'E2', BaseImponibleOimporteNoSujeto: '40.00' },
      { ClaveRegimen: '08', CalificacionOperacion: 'N2', BaseImponibleOimporteNoSujeto: '7.00' },
      {
        Impuesto: '03',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        TipoImpositivo: 7,
        BaseImponibleOimporteNoSujeto: '100.00',
        CuotaRepercutida: '7.00',
      },
      {
        Impuesto: '02',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        TipoImpositivo: 4,
        BaseImponibleOimporteNoSujeto: '100.00',
        CuotaRepercutida: '4.00',
      },
      { Impuesto: '05', CalificacionOperacion: 'N1', BaseImponibleOimporteNoSujeto: '1.00' },
      S1(21, '0.01', '0.00'),
      S1(21, '999999.99', '210000.00'),
    ],
  },
  {
    EmitidaPorTerceroODestinatario: 'T',
    Tercero: { NombreRazon: 'Gestoría Tercera SL', NIF: 'B87654321' },
    FacturaSimplificadaArt7273: 'S',
    NumRegistroAcuerdoFacturacion: 'ACUERDO123',
    IdAcuerdoSistemaInformatico: 'SIS-ACUERDO-1',
  },
  { Subsanacion: 'S', RechazoPrevio: 'X', NumSerieFactura: 'FV2026/999999' },
];

/** A valid chain: one alta per variant, a cancellation, and a cancellation without a previous record. */
export function cadenaVariada(inicio = new Date('2026-11-20T09:00:00Z')): RegistroFacturacion[] {
  const registros: RegistroFacturacion[] = [];
  let anterior: RegistroFacturacion | null = null;
  const t = (i: number) => new Date(inicio.getTime() + i * 1000);
  VARIANTES.forEach((v, i) => {
    anterior = generarRegistroAlta(datosFactura(i + 1, v), { SistemaInformatico: SISTEMA, anterior, instante: t(i) });
    registros.push(anterior);
  });
  anterior = generarRegistroAnulacion(
    {
      IDEmisorFacturaAnulada: NIF_EMPRESA,
      NumSerieFacturaAnulada: 'FV2026/000001',
      FechaExpedicionFacturaAnulada: '2026-11-20',
    },
    { SistemaInformatico: SISTEMA, anterior, instante: t(100) },
  );
  registros.push(anterior);
  anterior = generarRegistroAnulacion(
    {
      IDEmisorFacturaAnulada: NIF_EMPRESA,
      NumSerieFacturaAnulada: 'FV2026/888888',
      FechaExpedicionFacturaAnulada: '2026-11-19',
      SinRegistroPrevio: 'S',
      GeneradoPor: 'T',
      Generador: { NombreRazon: 'Gestoría Tercera SL', NIF: 'B87654321' },
    },
    { SistemaInformatico: SISTEMA, anterior, instante: t(101) },
  );
  registros.push(anterior);
  for (const r of registros) {
    const errores = validarRegistro(r, { NIFObligado: NIF_EMPRESA }).filter((i) => i.Gravedad === 'error');
    if (errores.length) throw new Error(`Variante no válida ${JSON.stringify(errores)}`);
  }
  return registros;
}

/** `n` simple F1 records chained after `anterior`. */
export function cadenaSimple(n: number, desde = 1, anterior: RegistroFacturacion | null = null): RegistroFacturacion[] {
  const registros: RegistroFacturacion[] = [];
  const base = Date.parse('2026-11-20T09:00:00Z');
  for (let i = 0; i < n; i++) {
    anterior = generarRegistroAlta(datosFactura(desde + i), {
      SistemaInformatico: SISTEMA,
      anterior,
      instante: new Date(base + (desde + i) * 1000),
    });
    registros.push(anterior);
  }
  return registros;
}
