import { type FacturaElectronica, facturaFacturae } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASOS_FACTURA } from '../../../../../../packages/domain/src/efactura/efactura.testkit.ts';
import { verificadorXmlsec } from '../../../registrosFiscales/xades.testkit.ts';
import { type ClaveFirma, claveDePkcs12 } from '../../../registrosFiscales/xades.ts';
import { generarCertificadosFace } from '../face/certificados.ts';
import { facturaeFirmada, POLITICA_FACTURAE, verificarFacturae } from './firma.ts';
import { validarXsdFacturae } from './validador.ts';

/**
 * Facturae 3.2.2 of every tax case against the official schema (unsigned and signed: the signature against
 * xmldsig's), and the XAdES-EPES signature checked twice: by xmlsec1 (an independent XML-DSig implementation,
 * trusting only the test CA) and by Faro's own check (digests of the content and of SignedProperties, RSA
 * signature, signing certificate, Facturae policy), both failing once anything signed is touched.
 */
const DIR3 = { OficinaContable: 'EA0008537', OrganoGestor: 'EA0008538', UnidadTramitadora: 'EA0008539' };
const INSTANTE = new Date('2026-03-02T09:30:00Z');
const DIRECCION = { Direccion: 'Hauptstraße 5', CodPostal: '10115', Poblacion: 'Berlin' };
/** The foreign test customers have no address, which Facturae requires. */
const conDireccion = (f: FacturaElectronica): FacturaElectronica =>
  f.Receptor.Direccion ? f : { ...f, Receptor: { ...f.Receptor, ...DIRECCION } };
const CASOS = Object.entries(CASOS_FACTURA).map(([caso, f]) => [caso, conDireccion(f)] as const);

let clave: ClaveFirma;
let xmlsec: ReturnType<typeof verificadorXmlsec>;
beforeAll(() => {
  const certs = generarCertificadosFace();
  clave = claveDePkcs12(certs.cliente.pfx, certs.cliente.passphrase);
  xmlsec = verificadorXmlsec(certs.ca);
});
afterAll(() => xmlsec.cerrar());

const firmada = (f: FacturaElectronica) =>
  facturaeFirmada(f, { Dir3: DIR3, Iban: 'ES9121000418450200051332' }, clave, INSTANTE);

describe('Facturae 3.2.2', () => {
  it('every tax case is valid against the official schema, unsigned and signed', async () => {
    expect(CASOS.length).toBeGreaterThanOrEqual(14);
    expect(await validarXsdFacturae(CASOS.map(([, f]) => facturaFacturae(f, { Dir3: DIR3 })))).toEqual([]);
    expect(await validarXsdFacturae(CASOS.map(([, f]) => firmada(f)))).toEqual([]);
    // The schema is really applied: a line without its description is refused.
    const mala = facturaFacturae(CASOS[0]![1]).replace(/<ItemDescription>[^<]*<\/ItemDescription>/, '');
    expect((await validarXsdFacturae(mala)).join(' ')).toMatch(/ItemDescription|Quantity/);
  }, 60_000);

  it('is signed XAdES-EPES with the Facturae policy: xmlsec1 and Faro’s check verify every tax case', () => {
    for (const [caso, f] of CASOS) {
      const xml = firmada(f);
      expect(xmlsec.verifica(xml), caso).toBe(true);
      const v = verificarFacturae(xml);
      expect(v.valida, `${caso}: ${v.valida ? '' : v.motivo}`).toBe(true);
    }
    const xml = firmada(CASOS_FACTURA.general!);
    expect(xml).toContain(`<xades:Identifier>${POLITICA_FACTURAE.identificador}</xades:Identifier>`);
    expect(xml).toContain(
      '<xades:SigPolicyHash><ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"></ds:DigestMethod><ds:DigestValue>Ohixl6upD6av8N7pEvDABhEL6hM=</ds:DigestValue>',
    );
    expect(xml).toContain('<xades:ClaimedRole>emisor</xades:ClaimedRole>');
    expect(xml).toContain('<xades:SigningTime>2026-03-02T09:30:00Z</xades:SigningTime>');
    expect(xml).toMatch(/<\/Invoices><ds:Signature xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"/);
  });

  it('fails once the signed content, the signed properties or the signature value is touched', () => {
    const xml = firmada(CASOS_FACTURA.general!);
    const total = CASOS_FACTURA.general!.Total;
    const importe = xml.replace(`<InvoiceTotal>${total}</InvoiceTotal>`, '<InvoiceTotal>1.00</InvoiceTotal>');
    expect(importe).not.toBe(xml);
    expect(xmlsec.verifica(importe)).toBe(false);
    expect(verificarFacturae(importe)).toEqual({
      valida: false,
      motivo: 'El contenido firmado no coincide con su huella',
    });
    const hora = xml.replace('2026-03-02T09:30:00Z', '2026-03-03T09:30:00Z');
    expect(xmlsec.verifica(hora)).toBe(false);
    expect(verificarFacturae(hora)).toMatchObject({ valida: false, motivo: /propiedades firmadas/ });
    const valor = xml.replace(/(<ds:SignatureValue[^>]*>)(.)/, (_, a, c) => `${a}${c === 'A' ? 'B' : 'A'}`);
    expect(xmlsec.verifica(valor)).toBe(false);
    expect(verificarFacturae(valor)).toMatchObject({ valida: false, motivo: 'La firma no corresponde al certificado' });
    expect(verificarFacturae(facturaFacturae(CASOS_FACTURA.general!))).toMatchObject({ valida: false });
  });
});
