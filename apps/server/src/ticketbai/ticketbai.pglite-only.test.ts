import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identificadorTbai, type LineaDesgloseTbai } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type ClaveFirma, claveDePkcs12, firmarTbai } from './firma.ts';
import { peticionLroeEmitidas } from './lroe.ts';
import { leerRespuestaLroe, leerRespuestaTicketBai } from './respuesta.ts';
import { type CertificadosTbai, generarCertificadosTbai } from './simulador/certificados.ts';
import { anulaTicketBaiSinFirma, type DatosFacturaTbai, NS_ALTA, NS_ANULACION, ticketBaiSinFirma } from './xml.ts';
import { DIRECTORIO_ESQUEMAS_TBAI, validarTbai } from './xsd.ts';

/**
 * TicketBAI files without the database: every VAT case validates against the official 1.2.2 XSDs, every signature
 * (XAdES-EPES, each province's policy) verifies with xmlsec1 — an independent XML-DSig implementation — and the
 * LROE petitions validate against Batuz's schemas. Fixed dates only.
 */
let certs: CertificadosTbai;
let clave: ClaveFirma;
let dir: string;
const INSTANTE = new Date('2026-03-02T09:30:00Z');
const SW = { licencia: 'TBAIGIPRE00000000501', nif: 'P2000000F', nombre: 'Faro', version: '1.0' };

beforeAll(() => {
  certs = generarCertificadosTbai();
  clave = claveDePkcs12(certs.cliente.pfx, certs.cliente.passphrase);
  dir = mkdtempSync(join(tmpdir(), 'faro-tbai-test-'));
  writeFileSync(join(dir, 'ca.pem'), certs.ca);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmlsec1's verdict on a signed file (trusting only the test CA). */
function xmlsec(xml: string): { ok: boolean; salida: string } {
  const f = join(dir, `f${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(f, xml);
  try {
    const salida = execFileSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'ca.pem'), f], {
      stdio: 'pipe',
    }).toString();
    return { ok: true, salida };
  } catch (e) {
    return { ok: false, salida: String((e as { stderr?: Buffer }).stderr ?? e) };
  }
}

const base = (desglose: LineaDesgloseTbai[], over: Partial<DatosFacturaTbai> = {}): DatosFacturaTbai => ({
  emisor: { nif: '99999974E', nombre: 'Ferretería Ficticia & Hijos <SL>' },
  destinatarios: [{ nif: 'B12345674', nombre: 'Cliente "Uno"', codigoPostal: '20001', direccion: 'Kale Nagusia 1' }],
  factura: { serie: 'F2026-', numero: '0001', fecha: '2026-03-02', hora: '10:30:00', simplificada: false },
  descripcion: 'Venta de material',
  lineas: [{ descripcion: 'Martillo', cantidad: '2', unitario: '10.5', total: '25.41' }],
  importeTotal: '121.00',
  claves: ['01'],
  desglose,
  anterior: null,
  software: SW,
  ...over,
});

const CASOS: [string, DatosFacturaTbai][] = [
  [
    'sujeta y no exenta (21 %)',
    base([{ tipo: 'noexenta', clase: 'S1', base: '100', tipoImpositivo: '21', cuota: '21' }]),
  ],
  [
    'exenta (E1 y E5)',
    base([
      { tipo: 'exenta', causa: 'E1', base: '50' },
      { tipo: 'exenta', causa: 'E5', base: '50' },
    ]),
  ],
  [
    'no sujeta (OT y RL)',
    base([
      { tipo: 'nosujeta', causa: 'OT', importe: '60' },
      { tipo: 'nosujeta', causa: 'RL', importe: '40' },
    ]),
  ],
  [
    'recargo de equivalencia',
    base([
      {
        tipo: 'noexenta',
        clase: 'S1',
        base: '100',
        tipoImpositivo: '21',
        cuota: '21',
        tipoRecargo: '5.2',
        cuotaRecargo: '5.20',
      },
    ]),
  ],
  [
    'inversión del sujeto pasivo (S2)',
    base([{ tipo: 'noexenta', clase: 'S2', base: '100', tipoImpositivo: '21', cuota: '0' }]),
  ],
  [
    'destinatario extranjero (desglose por tipo de operación), encadenada',
    base([{ tipo: 'exenta', causa: 'E2', base: '100' }], {
      destinatarios: [{ nombre: 'Client SARL', idOtro: { codigoPais: 'FR', idType: '02', id: 'FR12345678901' } }],
      porOperacion: true,
      claves: ['02'],
      anterior: { serie: 'F2026-', numero: '0000', fecha: '2026-03-01', firma: 'x'.repeat(100) },
    }),
  ],
  [
    'rectificativa por sustitución',
    base([{ tipo: 'noexenta', clase: 'S1', base: '-10', tipoImpositivo: '21', cuota: '-2.1' }], {
      factura: {
        serie: 'R2026-',
        numero: '0001',
        fecha: '2026-03-02',
        hora: '11:00:00',
        simplificada: false,
        rectificativa: {
          codigo: 'R1',
          tipo: 'S',
          importe: { base: '100', cuota: '21' },
          rectificadas: [{ serie: 'F2026-', numero: '0001', fecha: '2026-03-02' }],
        },
      },
    }),
  ],
];

/** Every signed file passes its kind's official XSD and xmlsec1 verifies its signature (`nombre` says which failed). */
async function validosYVerificados(
  firmados: readonly { xml: string }[],
  tipo: 'alta' | 'anulacion',
  nombre: (i: number) => string,
) {
  expect(
    await validarTbai(
      firmados.map((f) => f.xml),
      tipo,
    ),
  ).toEqual([]);
  firmados.forEach((f, i) => {
    const v = xmlsec(f.xml);
    expect(v.ok, `${nombre(i)}: ${v.salida}`).toBe(true);
  });
}

describe('TicketBAI files: official XSD and independent signature check', () => {
  it('alta of every VAT case (exempt, not subject, surcharge, reverse charge, foreign, corrective): valid 1.2.2, xmlsec1 verifies', async () => {
    const firmados = CASOS.map(([, datos]) =>
      firmarTbai({ ...ticketBaiSinFirma(datos), ns: NS_ALTA }, { provincia: 'gipuzkoa', clave, instante: INSTANTE }),
    );
    await validosYVerificados(firmados, 'alta', (i) => CASOS[i]![0]);
    firmados.forEach((f) => {
      expect(f.xml).toContain('<xades:Identifier>https://www.gipuzkoa.eus/ticketbai/sinadura</xades:Identifier>');
      expect(f.xml).toContain('vSe1CH7eAFVkGN0X2Y7Nl9XGUoBnziDA5BGUSsyt8mg=');
    });
    expect(firmados[1]!.xml).toContain('<CausaExencion>E5</CausaExencion>');
    expect(firmados[2]!.xml).toContain('<Causa>RL</Causa>');
    expect(firmados[3]!.xml).toContain('<CuotaRecargoEquivalencia>5.20</CuotaRecargoEquivalencia>');
    expect(firmados[4]!.xml).toContain('<TipoNoExenta>S2</TipoNoExenta>');
    // A broken file is refused by the schema (so the check above can fail).
    expect(
      await validarTbai(firmados[0]!.xml.replace('<IDVersionTBAI>1.2<', '<IDVersionTBAI>9.9<'), 'alta'),
    ).not.toEqual([]);
  });

  it('anulación for each province: valid and signed with its policy; a tampered file fails', async () => {
    const politicas = {
      araba: 'https://ticketbai.araba.eus/tbai/sinadura/',
      bizkaia: 'K2baIY0fk8jbkPHkffk5F5C46O5VuzDwH21dAovjVRs=',
      gipuzkoa: 'vSe1CH7eAFVkGN0X2Y7Nl9XGUoBnziDA5BGUSsyt8mg=',
    } as const;
    const a = anulaTicketBaiSinFirma({
      emisor: { nif: '99999974E', nombre: 'Emisor' },
      factura: { serie: 'F2026-', numero: '0001', fecha: '2026-03-02' },
      software: SW,
    });
    const provincias = ['araba', 'bizkaia', 'gipuzkoa'] as const;
    const firmados = provincias.map((provincia) =>
      firmarTbai({ ...a, ns: NS_ANULACION }, { provincia, clave, instante: INSTANTE }),
    );
    await validosYVerificados(firmados, 'anulacion', (i) => provincias[i]!);
    for (const [i, f] of firmados.entries()) expect(f.xml).toContain(politicas[provincias[i]!]);
    expect(xmlsec(firmados[0]!.xml.replace('<NumFactura>0001<', '<NumFactura>0002<')).ok).toBe(false);
  });

  it('the signature value starts the identifier and chains the next file (first 100 characters)', async () => {
    const f1 = firmarTbai(
      { ...ticketBaiSinFirma(CASOS[0]![1]), ns: NS_ALTA },
      { provincia: 'bizkaia', clave, instante: INSTANTE },
    );
    expect(f1.signatureValue).toMatch(/^[A-Za-z0-9+/=]{300,}$/);
    const id = identificadorTbai('99999974E', '2026-03-02', f1.signatureValue);
    expect(id.slice(22, 35)).toBe(f1.signatureValue.slice(0, 13));
    const d2 = base(CASOS[0]![1].desglose, {
      factura: { serie: 'F2026-', numero: '0002', fecha: '2026-03-02', hora: '10:31:00', simplificada: false },
      anterior: { serie: 'F2026-', numero: '0001', fecha: '2026-03-02', firma: f1.signatureValue.slice(0, 100) },
    });
    const f2 = firmarTbai(
      { ...ticketBaiSinFirma(d2), ns: NS_ALTA },
      { provincia: 'bizkaia', clave, instante: INSTANTE },
    );
    expect(xmlsec(f2.xml).ok).toBe(true);
    expect(f2.xml).toContain(
      `<SignatureValueFirmaFacturaAnterior>${f1.signatureValue.slice(0, 100)}</SignatureValueFirmaFacturaAnterior>`,
    );
  });

  it('our validator accepts the official signed samples (sanity of the schema set-up)', async () => {
    const ej = (n: string) => readFileSync(join(DIRECTORIO_ESQUEMAS_TBAI, 'examples', n), 'utf8');
    expect(
      await validarTbai(
        [
          ej('TicketBAI_Alta_Faktura__Alta_Factura_01_lehena__primera.xml'),
          ej('TicketBAI_Alta_Faktura__Alta_Factura_02_hurrengoa__sucesiva.xml'),
        ],
        'alta',
      ),
    ).toEqual([]);
  });

  it('LROE petitions (240 companies, 140 individuals) validate against the Batuz schemas', async () => {
    const lroe = join(DIRECTORIO_ESQUEMAS_TBAI, '..', 'lroe');
    const esquemas = [
      'batuz_TiposComplejos.xsd',
      'batuz_TiposBasicos.xsd',
      'batuz_Enumerados.xsd',
      'batuz_TiposAnulacion.xsd',
      'batuz_TiposConsulta.xsd',
    ].map((n) => ({ fileName: n, contents: readFileSync(join(lroe, n), 'utf8').replace(/^\uFEFF/, '') }));
    const f = firmarTbai(
      { ...ticketBaiSinFirma(CASOS[0]![1]), ns: NS_ALTA },
      { provincia: 'bizkaia', clave, instante: INSTANTE },
    );
    const casos = [
      ['240', 'alta', 'LROE_PJ_240_1_1_FacturasEmitidas_ConSG_AltaPeticion_V1_0_2.xsd'],
      ['240', 'anulacion', 'LROE_PJ_240_1_1_FacturasEmitidas_ConSG_AnulacionPeticion_V1_0_0.xsd'],
      ['140', 'alta', 'LROE_PF_140_1_1_Ingresos_ConfacturaConSG_AltaPeticion_V1_0_2.xsd'],
      ['140', 'anulacion', 'LROE_PF_140_1_1_Ingresos_ConfacturaConSG_AnulacionPeticion_V1_0_0.xsd'],
    ] as const;
    // One pass: a wrapper schema imports the four petition schemas.
    const envoltorio = `<?xml version="1.0" encoding="UTF-8"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:faro:lroe">${casos
      .map(
        ([, , fichero]) =>
          `<xs:import namespace="https://www.batuz.eus/fitxategiak/batuz/LROE/esquemas/${fichero}" schemaLocation="${fichero}"/>`,
      )
      .join('')}</xs:schema>`;
    const r = await validateXML({
      xml: casos.map(([modelo, clase], i) => ({
        fileName: `lroe-${i}.xml`,
        contents: peticionLroeEmitidas(
          { modelo, ejercicio: '2026', nif: '99999974E', nombre: 'Emisor', epigrafe: '6531' },
          clase,
          [f.xml],
        ),
      })),
      schema: [{ fileName: 'envoltorio.xsd', contents: envoltorio }],
      preload: [
        ...esquemas,
        ...casos.map(([, , fichero]) => ({
          fileName: fichero,
          contents: readFileSync(join(lroe, fichero), 'utf8').replace(/^\uFEFF/, ''),
        })),
      ],
      maxMemoryPages: 1024,
    });
    expect(r.errors.map((e) => `${e.loc?.fileName} ${e.message}`)).toEqual([]);
  });

  it('reads the Diputaciones answers with Spanish explanations', () => {
    expect(
      leerRespuestaTicketBai(
        '<T:TicketBaiResponse xmlns:T="urn:ticketbai:emision"><Salida><Estado>00</Estado><Descripcion>Recibido</Descripcion><CSV>ABC</CSV></Salida></T:TicketBaiResponse>',
      ),
    ).toEqual({ estado: 'enviado', codigo: null, descripcion: null, numeroRegistro: 'ABC' });
    const mal = leerRespuestaTicketBai(
      '<TicketBaiResponse><Salida><Estado>01</Estado><Descripcion>Rechazado</Descripcion><ResultadosValidacion><Codigo>006</Codigo><Descripcion>Encadenamiento incorrecto</Descripcion></ResultadosValidacion></Salida></TicketBaiResponse>',
    );
    expect(mal.estado).toBe('rechazado');
    expect(mal.descripcion).toBe('El encadenamiento con la factura anterior no es correcto. Encadenamiento incorrecto');
    expect(
      leerRespuestaLroe({ 'eus-bizkaia-n3-tipo-respuesta': 'Correcto', 'eus-bizkaia-n3-numero-registro': 'N1' }, '')
        .estado,
    ).toBe('enviado');
    expect(
      leerRespuestaLroe(
        { 'eus-bizkaia-n3-tipo-respuesta': 'Incorrecto' },
        '<CodigoErrorRegistro>B4_2000003</CodigoErrorRegistro>',
      ).descripcion,
    ).toBe('El NIF del emisor no está dado de alta en el LROE');
  });
});
