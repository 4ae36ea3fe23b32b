import { execFileSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomUUID,
  sign,
  X509Certificate,
} from 'node:crypto';
import { POLITICAS_FIRMA, type ProvinciaTbai } from '@faro/domain';
import { atributo, texto } from './xml.ts';

/**
 * XAdES-EPES enveloped signature of a TicketBAI file (TicketBAI "Política de firma" v1.0: RSA-SHA256, SHA-256
 * digests, SigningTime, SigningCertificate and the province's SignaturePolicyIdentifier).
 *
 * Canonicalisation (C14N 1.0, inclusive) is done for the exact subset this file writes: the document is produced
 * already canonical by `xml.ts` (so the enveloped reference digests its bytes minus the signature), and SignedInfo
 * and SignedProperties are written canonically here with the namespace declarations inclusive C14N puts on an
 * apex element of a subset (every namespace in scope: T from the root, ds from Signature, xades). `xmlsec1 --verify`
 * checks the result independently in the tests.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export interface ClaveFirma {
  key: KeyObject;
  cert: X509Certificate;
}

const b64 = (b: Buffer | string) => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b).toString('base64');
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('base64');

/** RFC 2253 form of Node's multi-line distinguished name ("C=ES\nO=…\nCN=…" → "CN=…,O=…,C=ES"). */
function nombreRfc2253(dn: string): string {
  return dn
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((p) => p.replace(/([,+"\\<>;])/g, '\\$1'))
    .join(',');
}

const cache = new Map<string, ClaveFirma>();

/**
 * The private key and certificate of a PKCS#12 (the company's .p12/.pfx). Node cannot read PKCS#12, so this asks
 * the `openssl` CLI once per certificate (cached by the file's hash); the password goes through the environment.
 */
export function claveDePkcs12(pfx: Buffer, passphrase: string): ClaveFirma {
  const id = createHash('sha256').update(pfx).update('\0').update(passphrase).digest('hex');
  const hecho = cache.get(id);
  if (hecho) return hecho;
  const leer = (extra: string[]) =>
    execFileSync('openssl', ['pkcs12', '-nodes', '-passin', 'env:FARO_P12_PASS', ...extra], {
      input: pfx,
      env: { ...process.env, FARO_P12_PASS: passphrase },
      stdio: ['pipe', 'pipe', 'pipe'],
    }).toString('utf8');
  let pem: string;
  try {
    pem = leer([]);
  } catch {
    try {
      pem = leer(['-legacy']);
    } catch {
      throw new Error('El certificado no es un .p12/.pfx válido o la contraseña no es correcta');
    }
  }
  const keyPem = /-----BEGIN (?:RSA |EC )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC )?PRIVATE KEY-----/.exec(
    pem,
  )?.[0];
  if (!keyPem) throw new Error('El certificado no contiene la clave privada');
  const key = createPrivateKey(keyPem);
  const publica = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const certs = [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map(
    (m) => new X509Certificate(m[0]),
  );
  const cert = certs.find((c) => c.publicKey.export({ type: 'spki', format: 'der' }).equals(publica));
  if (!cert) throw new Error('El certificado no corresponde a la clave privada');
  const r = { key, cert };
  cache.set(id, r);
  return r;
}

export interface OpcionesFirma {
  provincia: ProvinciaTbai;
  clave: ClaveFirma;
  /** SigningTime (the issuing instant). */
  instante: Date;
  /** Signature id prefix (random by default). */
  id?: string;
}

export interface Firmado {
  xml: string;
  /** The whole SignatureValue (base64, no line breaks). */
  signatureValue: string;
}

/** dateTime with the Spanish-style offset of the UTC instant (Z). */
const fechaHora = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/**
 * Signs a canonical unsigned file (`abre` + `cuerpo` + `cierra`, root prefix T) and returns the file with its
 * `<?xml?>` declaration and the ds:Signature as the root's last child.
 */
export function firmarTbai(
  partes: { abre: string; cuerpo: string; cierra: string; ns: string },
  op: OpcionesFirma,
): Firmado {
  const id = op.id ?? `Signature-${randomUUID()}`;
  const politica = POLITICAS_FIRMA[op.provincia];
  const { cert, key } = op.clave;
  const certDer = cert.raw;
  const digestDoc = sha256(partes.abre + partes.cuerpo + partes.cierra);
  const nsT = `xmlns:T="${atributo(partes.ns)}"`;

  const dm = `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>`;
  const signedPropsInterior =
    `<xades:SignedSignatureProperties><xades:SigningTime>${fechaHora(op.instante)}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>${dm}<ds:DigestValue>${sha256(certDer)}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${texto(nombreRfc2253(cert.issuer))}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${BigInt(`0x${cert.serialNumber}`).toString()}</ds:X509SerialNumber></xades:IssuerSerial>` +
    '</xades:Cert></xades:SigningCertificate>' +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${texto(politica.identificador)}</xades:Identifier></xades:SigPolicyId>` +
    `<xades:SigPolicyHash>${dm}<ds:DigestValue>${politica.huella}</ds:DigestValue></xades:SigPolicyHash>` +
    `<xades:SigPolicyQualifiers><xades:SigPolicyQualifier><xades:SPURI>${texto(politica.identificador)}</xades:SPURI></xades:SigPolicyQualifier></xades:SigPolicyQualifiers>` +
    '</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier></xades:SignedSignatureProperties>' +
    `<xades:SignedDataObjectProperties><xades:DataObjectFormat ObjectReference="#${id}-ref0"><xades:MimeType>text/xml</xades:MimeType><xades:Encoding>UTF-8</xades:Encoding></xades:DataObjectFormat></xades:SignedDataObjectProperties>`;
  const spId = `${id}-SignedProperties`;
  // Inclusive C14N of the SignedProperties subset: every namespace in scope on its apex, sorted by prefix.
  const signedPropsC14n = `<xades:SignedProperties ${nsT} xmlns:ds="${DS}" xmlns:xades="${XADES}" Id="${spId}">${signedPropsInterior}</xades:SignedProperties>`;
  const signedPropsDoc = `<xades:SignedProperties Id="${spId}">${signedPropsInterior}</xades:SignedProperties>`;

  const signedInfoInterior =
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></ds:SignatureMethod>' +
    `<ds:Reference Id="${id}-ref0" URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"></ds:Transform></ds:Transforms>` +
    `${dm}<ds:DigestValue>${digestDoc}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#${spId}">${dm}<ds:DigestValue>${sha256(signedPropsC14n)}</ds:DigestValue></ds:Reference>`;
  const signedInfoC14n = `<ds:SignedInfo ${nsT} xmlns:ds="${DS}">${signedInfoInterior}</ds:SignedInfo>`;
  const signatureValue = sign('sha256', Buffer.from(signedInfoC14n, 'utf8'), key).toString('base64');

  const firma =
    `<ds:Signature xmlns:ds="${DS}" Id="${id}">` +
    `<ds:SignedInfo>${signedInfoInterior}</ds:SignedInfo>` +
    `<ds:SignatureValue Id="${id}-SignatureValue">${signatureValue}</ds:SignatureValue>` +
    `<ds:KeyInfo Id="${id}-KeyInfo"><ds:X509Data><ds:X509Certificate>${b64(certDer)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${XADES}" Target="#${id}">${signedPropsDoc}</xades:QualifyingProperties></ds:Object>` +
    '</ds:Signature>';
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?>${partes.abre}${partes.cuerpo}${firma}${partes.cierra}`,
    signatureValue,
  };
}
