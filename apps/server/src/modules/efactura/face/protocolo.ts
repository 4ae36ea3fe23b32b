import { createHash, randomUUID, sign, verify, X509Certificate } from 'node:crypto';
import type { ClaveFirma } from '../../../registrosFiscales/xades.ts';

/**
 * FACe's web service for providers ("facturasspp2", namespace https://webservice.face.gob.es) as both sides speak
 * it: SOAP 1.1, RPC-literal, the operation element in the service's namespace and its parameters unqualified
 * (`<web:enviarFactura><request><correo>…`), answers as `<ns1:{operación}Response><return><resultado><codigo>0…`
 * (`fixtures/` keeps one of each, composed from the public descriptions). Requests are signed with WS-Security
 * 1.0 (X.509 token profile): a BinarySecurityToken with the company's certificate, a Timestamp, and an XML-DSig
 * signature (RSA-SHA256, exclusive C14N) over the Timestamp and the Body. Both are written already in exclusive
 * canonical form (each declares the namespaces it uses), so the digests are those of the bytes sent.
 *
 * Public: the operations, their parameters and answers, the status codes (1200 registrada … 3100 anulada, 4100–4400
 * for cancellation), the signature profile. Not public (kept behind the client and the simulator): the full list of
 * error codes and texts, the registry number's shape, and the exact signature algorithms FACe accepts (its manual
 * shows SHA-1/SHA-512 examples; RSA-SHA256 is what is sent here).
 */
export const NS_FACE = 'https://webservice.face.gob.es';
const WSS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss';
const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSU = `${WSS}-wssecurity-utility-1.0.xsd`;
const X509V3 = `${WSS}-x509-token-profile-1.0#X509v3`;
/** XML-DSig with exclusive canonicalisation (WS-Security's usual profile). */
const [DS, EXC_C14N] = ['http://www.w3.org/2000/09/xmldsig#', 'http://www.w3.org/2001/10/xml-exc-c14n#'];

export type OperacionFace = 'enviarFactura' | 'consultarFactura' | 'consultarListadoFacturas' | 'anularFactura';

/** Canonical text content. */
export const txt = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** `<n>texto</n>` with canonical escaping. */
export const hoja = (n: string, v: string | number | null | undefined) =>
  `<${n}>${v == null ? '' : txt(String(v))}</${n}>`;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');
const cuerpoC14n = (id: string, dentro: string) =>
  `<soapenv:Body xmlns:soapenv="${SOAP}" xmlns:wsu="${WSU}" wsu:Id="${id}">${dentro}</soapenv:Body>`;
const sello = (id: string, dentro: string) =>
  `<wsu:Timestamp xmlns:wsu="${WSU}" wsu:Id="${id}">${dentro}</wsu:Timestamp>`;
const referencia = (id: string, digest: string) =>
  `<ds:Reference URI="#${id}"><ds:Transforms><ds:Transform Algorithm="${EXC_C14N}"></ds:Transform></ds:Transforms>` +
  `<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></ds:DigestMethod><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`;
const infoC14n = (dentro: string) => `<ds:SignedInfo xmlns:ds="${DS}">${dentro}</ds:SignedInfo>`;

/** The operation element with its parameters (already XML). */
export const operacion = (op: OperacionFace, parametros: string) =>
  `<web:${op} xmlns:web="${NS_FACE}">${parametros}</web:${op}>`;

/** A request envelope signed with WS-Security by the company's certificate, valid for 5 minutes from `ahora`. */
export function sobreFirmado(cuerpo: string, clave: ClaveFirma, ahora = new Date()): string {
  const n = randomUUID();
  const [idCuerpo, idSello, idToken] = [`Body-${n}`, `TS-${n}`, `X509-${n}`];
  const hora = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
  const selloDentro = `<wsu:Created>${hora(ahora)}</wsu:Created><wsu:Expires>${hora(new Date(ahora.getTime() + 300_000))}</wsu:Expires>`;
  const info =
    `<ds:CanonicalizationMethod Algorithm="${EXC_C14N}"></ds:CanonicalizationMethod>` +
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></ds:SignatureMethod>' +
    referencia(idSello, sha256(sello(idSello, selloDentro))) +
    referencia(idCuerpo, sha256(cuerpoC14n(idCuerpo, cuerpo)));
  const valor = sign('sha256', Buffer.from(infoC14n(info), 'utf8'), clave.key).toString('base64');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP}" xmlns:wsse="${WSS}-wssecurity-secext-1.0.xsd" xmlns:wsu="${WSU}">` +
    '<soapenv:Header><wsse:Security soapenv:mustUnderstand="1">' +
    `<wsse:BinarySecurityToken EncodingType="${WSS}-soap-message-security-1.0#Base64Binary" ValueType="${X509V3}" wsu:Id="${idToken}">${clave.cert.raw.toString('base64')}</wsse:BinarySecurityToken>` +
    `<ds:Signature xmlns:ds="${DS}"><ds:SignedInfo>${info}</ds:SignedInfo><ds:SignatureValue>${valor}</ds:SignatureValue>` +
    `<ds:KeyInfo><wsse:SecurityTokenReference><wsse:Reference URI="#${idToken}" ValueType="${X509V3}"></wsse:Reference></wsse:SecurityTokenReference></ds:KeyInfo></ds:Signature>` +
    `<wsu:Timestamp wsu:Id="${idSello}">${selloDentro}</wsu:Timestamp>` +
    '</wsse:Security></soapenv:Header>' +
    `<soapenv:Body wsu:Id="${idCuerpo}">${cuerpo}</soapenv:Body></soapenv:Envelope>`
  );
}

/** A request as the service reads it: the operation, its parameters, and the signer when the signature holds. */
export type PeticionLeida =
  | { ok: true; operacion: string; parametros: string; certificado: X509Certificate }
  | { ok: false; motivo: string };

/**
 * Reads and checks a signed request (as `sobreFirmado` writes it): the body's and the timestamp's digests, the
 * RSA signature of SignedInfo with the BinarySecurityToken's certificate, and that the timestamp has not expired.
 */
export function leerPeticion(xml: string, ahora = new Date()): PeticionLeida {
  const no = (motivo: string): PeticionLeida => ({ ok: false, motivo });
  const cuerpo = /<soapenv:Body wsu:Id="([^"]+)">([\s\S]*)<\/soapenv:Body>/.exec(xml);
  const selloM = /<wsu:Timestamp wsu:Id="([^"]+)">([\s\S]*?)<\/wsu:Timestamp>/.exec(xml);
  const info = /<ds:SignedInfo>([\s\S]*?)<\/ds:SignedInfo>/.exec(xml)?.[1];
  const valor = /<ds:SignatureValue>([^<]*)<\/ds:SignatureValue>/.exec(xml)?.[1];
  const token = /<wsse:BinarySecurityToken[^>]*>([^<]*)<\/wsse:BinarySecurityToken>/.exec(xml)?.[1];
  if (!cuerpo || !selloM || !info || !valor || !token) return no('La petición no lleva la firma WS-Security');
  let certificado: X509Certificate;
  try {
    certificado = new X509Certificate(Buffer.from(token, 'base64'));
  } catch {
    return no('El certificado de la petición no se puede leer');
  }
  const digest = (id: string) =>
    new RegExp(`<ds:Reference URI="#${id}">[\\s\\S]*?<ds:DigestValue>([^<]*)</ds:DigestValue>`).exec(info)?.[1];
  if (digest(cuerpo[1]!) !== sha256(cuerpoC14n(cuerpo[1]!, cuerpo[2]!)))
    return no('El cuerpo no coincide con la firma');
  if (digest(selloM[1]!) !== sha256(sello(selloM[1]!, selloM[2]!)))
    return no('El sello de tiempo no coincide con la firma');
  if (!verify('sha256', Buffer.from(infoC14n(info), 'utf8'), certificado.publicKey, Buffer.from(valor, 'base64')))
    return no('La firma de la petición no es válida');
  const expira = /<wsu:Expires>([^<]+)<\/wsu:Expires>/.exec(selloM[2]!)?.[1];
  if (!expira || Date.parse(expira) < ahora.getTime()) return no('La petición ha caducado');
  const op = /^<web:(\w+) xmlns:web="[^"]*">([\s\S]*)<\/web:\1>$/.exec(cuerpo[2]!);
  if (!op) return no('Operación desconocida');
  return { ok: true, operacion: op[1]!, parametros: op[2]!, certificado };
}

/** An answer envelope: `<ns1:{op}Response><return>…</return>`. */
export const respuesta = (op: string, contenido: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}"><SOAP-ENV:Body><ns1:${op}Response xmlns:ns1="${NS_FACE}"><return>${contenido}</return></ns1:${op}Response></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

/** A SOAP fault (a request the service cannot even read). */
export const fallo = (mensaje: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>${txt(mensaje)}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

/** The `resultado` block every answer starts with (codigo 0: correct). */
export const resultado = (codigo: string, descripcion: string) =>
  `<resultado>${hoja('codigo', codigo)}${hoja('descripcion', descripcion)}<codigoSeguimiento></codigoSeguimiento></resultado>`;

const desescapar = (v: string) =>
  v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of the first `<n>` in `xml` (entities read), or null. */
export function valor(xml: string, n: string): string | null {
  const m = new RegExp(`<${n}(?:\\s[^>]*)?>([^<]*)</${n}>|<${n}(?:\\s[^>]*)?/>`).exec(xml);
  return m ? desescapar(m[1] ?? '') : null;
}

/** The inner XML of every `<n>…</n>` (not nested in one another). */
export function bloques(xml: string, n: string): string[] {
  return [...xml.matchAll(new RegExp(`<${n}(?:\\s[^>]*)?>([\\s\\S]*?)</${n}>`, 'g'))].map((m) => m[1] ?? '');
}
