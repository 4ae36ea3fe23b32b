import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cadenaHuellaAlta,
  cadenaHuellaAnulacion,
  cadenaHuellaEvento,
  huellaEvento,
  partesHuellaAlta,
} from './huella.ts';
import { generarRegistroAlta, generarRegistroAnulacion, verificarCadena } from './registro.ts';
import { sha256HexUpper } from './sha256.ts';
import type { DatosAlta } from './types.ts';
import { SISTEMA } from './verifactu.testkit.ts';

const A64 = 'A'.repeat(64);

/** Official AEAT examples (AEAT-HASH §6) and josemmo/Verifactu-PHP vectors, compliance-es.md §1.3. */
const VECTORES = [
  [
    'AEAT caso 1 (primer registro)',
    'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
  ],
  [
    'AEAT caso 2 (alta encadenada)',
    'IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00',
    'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
  ],
  [
    'AEAT caso 3 (anulación)',
    'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00',
    '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68',
  ],
  [
    'josemmo F2 primer registro',
    'IDEmisorFactura=A00000000&NumSerieFactura=PRUEBA-0001&FechaExpedicionFactura=01-06-2025&TipoFactura=F2&CuotaTotal=2.10&ImporteTotal=12.10&Huella=&FechaHoraHusoGenRegistro=2025-06-01T10:20:30+02:00',
    'F223F0A84F7D0C701C13C97CF10A1628FF9E46A003DDAEF3A804FBD799D82070',
  ],
  [
    'josemmo F2 encadenada',
    `IDEmisorFactura=A00000000&NumSerieFactura=PRUEBA-0002&FechaExpedicionFactura=02-06-2025&TipoFactura=F2&CuotaTotal=21.00&ImporteTotal=121.00&Huella=${A64}&FechaHoraHusoGenRegistro=2025-06-02T20:30:40+02:00`,
    '4566062C5A5D7DA4E0E876C0994071CD807962629F8D3C1F33B91EDAA65B2BA1',
  ],
  [
    'josemmo F1 con importes de dos decimales',
    `IDEmisorFactura=00000000B&NumSerieFactura=PRUEBA-0002&FechaExpedicionFactura=02-06-2025&TipoFactura=F1&CuotaTotal=26.00&ImporteTotal=176.00&Huella=${A64}&FechaHoraHusoGenRegistro=2025-06-02T11:22:33+02:00`,
    '8B042C064EE8260DE86766B4C4878DD1347377D00C7D7C97043E126B1215F2A6',
  ],
] as const;

describe('huella: official and third-party vectors', () => {
  it.each(VECTORES)('%s', (_name, input, digest) => {
    expect(sha256HexUpper(input)).toBe(digest);
    expect(createHash('sha256').update(input).digest('hex').toUpperCase()).toBe(digest);
  });

  it('the same data with "26"/"176" hashes differently: always two decimals', () => {
    const sinDecimales = VECTORES[5][1]
      .replace('CuotaTotal=26.00', 'CuotaTotal=26')
      .replace('ImporteTotal=176.00', 'ImporteTotal=176');
    expect(sha256HexUpper(sinDecimales)).not.toBe(VECTORES[5][2]);
    expect(sha256HexUpper(sinDecimales).startsWith('1ACD2E7D')).toBe(true);
  });

  it('the derived event vector (NIF producer, empty ID, first event)', () => {
    const evento = {
      NIFProductor: '89890001K',
      IDProductor: '',
      IdSistemaInformatico: '77',
      Version: '1.0',
      NumeroInstalacion: '383',
      NIFObligado: '89890002E',
      TipoEvento: '01',
      HuellaEventoAnterior: '',
      FechaHoraHusoGenEvento: '2024-01-01T19:20:30+01:00',
    };
    expect(cadenaHuellaEvento(evento)).toBe(
      'NIF=89890001K&ID=&IdSistemaInformatico=77&Version=1.0&NumeroInstalacion=383&NIF=89890002E&TipoEvento=01&HuellaEvento=&FechaHoraHusoGenEvento=2024-01-01T19:20:30+01:00',
    );
    expect(huellaEvento(evento)).toBe('C12D61CB5FB075971821ACE48EF5EF0783C6181AF7699BEC140994F496BCD53E');
  });
});

const datosOficiales = (NumSerieFactura: string): DatosAlta => ({
  IDEmisorFactura: '89890001K',
  NumSerieFactura,
  FechaExpedicionFactura: '2024-01-01',
  NombreRazonEmisor: 'Empresa de prueba',
  TipoFactura: 'F1',
  DescripcionOperacion: 'Prueba',
  Destinatarios: [{ NombreRazon: 'Cliente', NIF: '89890002E' }],
  Desglose: [
    {
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: 21,
      BaseImponibleOimporteNoSujeto: '102.00',
      CuotaRepercutida: '21.42',
    },
  ],
  CuotaTotal: '12.35',
  ImporteTotal: 123.45,
});

describe('generated records reproduce the official chain', () => {
  const alta1 = generarRegistroAlta(datosOficiales('12345678/G33'), {
    SistemaInformatico: SISTEMA,
    anterior: null,
    instante: new Date('2024-01-01T18:20:30.400Z'),
  });
  const alta2 = generarRegistroAlta(datosOficiales('12345679/G34'), {
    SistemaInformatico: SISTEMA,
    anterior: alta1,
    instante: new Date('2024-01-01T18:20:35Z'),
  });
  const anulacion = generarRegistroAnulacion(
    {
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '2024-01-01',
    },
    { SistemaInformatico: SISTEMA, anterior: alta2, instante: new Date('2024-01-01T18:20:40Z') },
  );

  it('case 1: first record, Huella= empty, PrimerRegistro=S', () => {
    expect(alta1.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    expect(alta1.FechaHoraHusoGenRegistro).toBe('2024-01-01T19:20:30+01:00');
    expect(cadenaHuellaAlta(alta1)).toBe(VECTORES[0][1]);
    expect(alta1.Huella).toBe(VECTORES[0][2]);
  });

  it('case 2: chained to case 1', () => {
    expect(alta2.Encadenamiento).toEqual({
      RegistroAnterior: {
        IDEmisorFactura: '89890001K',
        NumSerieFactura: '12345678/G33',
        FechaExpedicionFactura: '01-01-2024',
        Huella: VECTORES[0][2],
      },
    });
    expect(alta2.Huella).toBe(VECTORES[1][2]);
  });

  it('case 3: anulación chained to case 2', () => {
    expect(cadenaHuellaAnulacion(anulacion)).toBe(VECTORES[2][1]);
    expect(anulacion.Huella).toBe(VECTORES[2][2]);
  });

  it('the chain check accepts the chain and pinpoints tampering', () => {
    expect(verificarCadena([alta1, alta2, anulacion])).toEqual({ valida: true, incidencias: [] });
    const alterado = { ...alta2, ImporteTotal: '1123.45' };
    const r = verificarCadena([alta1, alterado, anulacion]);
    expect(r.valida).toBe(false);
    expect(r.incidencias.map((i) => [i.indice, i.tipo])).toEqual([[1, 'huella']]);
    const sinEslabon = verificarCadena([alta1, anulacion]);
    expect(sinEslabon.incidencias.map((i) => [i.indice, i.tipo])).toEqual([[1, 'encadenamiento']]);
    expect(verificarCadena([alta2]).incidencias.map((i) => i.tipo)).toEqual(['primer']);
    expect(verificarCadena([alta2, anulacion], alta1).valida).toBe(true);
  });

  it('values are hashed trimmed and unescaped (an & stays an &)', () => {
    const r = generarRegistroAlta(
      { ...datosOficiales('  A&B<1>  ') },
      { SistemaInformatico: SISTEMA, anterior: null, instante: new Date('2024-01-01T18:20:30Z') },
    );
    expect(r.IDFactura.NumSerieFactura).toBe('A&B<1>');
    expect(cadenaHuellaAlta(r)).toContain('&NumSerieFactura=A&B<1>&');
  });

  it('the cut hash input (partesHuellaAlta) joins back to the whole one, first and chained', () => {
    for (const r of [alta1, alta2]) {
      const [a, b, c, d] = partesHuellaAlta(r);
      const anterior = 'RegistroAnterior' in r.Encadenamiento ? r.Encadenamiento.RegistroAnterior.Huella : '';
      expect(a + r.IDFactura.NumSerieFactura + b + anterior + c + r.FechaHoraHusoGenRegistro + d).toBe(
        cadenaHuellaAlta(r),
      );
    }
    const [a, b, c, d] = partesHuellaAlta(alta2);
    expect([a, b, c, d]).toEqual([
      'IDEmisorFactura=89890001K&NumSerieFactura=',
      '&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=',
      '&FechaHoraHusoGenRegistro=',
      '',
    ]);
  });
});
