import { execFileSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomUUID,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';

/**
 * XAdES-EPES enveloped signature, the one every signed fiscal file uses (TicketBAI with each province's policy,
 * Facturae with the Facturae policy): RSA-SHA256, SHA-256 digests, SigningTime, SigningCertificate, the
 * SignaturePolicyIdentifier (its hash in the algorithm the policy publishes), an optional SignerRole and the
 * signed data object's format.
 *
 * Canonicalisation (C14N 1.0, inclusive) is done for the exact subset these files write: the document comes
 * already canonical (so the enveloped reference digests its bytes minus the signature), and SignedInfo and
 * SignedProperties are written canonically here with the namespace declarations inclusive C14N puts on an apex
 * element of a subset (every namespace in scope: the root's, ds from Signature, xades), sorted by prefix.
 * `xmlsec1 --verify` checks the result independently in the tests; `verificarXadesEpes` checks files written so.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST: Record<'sha1' | 'sha256', string> = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
};

export interface ClaveFirma {
  key: KeyObject;
  cert: X509Certificate;
}

/** A signature policy: its identifier (a URL) and the published digest of its document. */
export interface PoliticaFirma {
  identificador: string;
  huella: string;
  /** The digest algorithm of `huella` (SHA-256 unless the policy publishes another). */
  algoritmo?: 'sha1' | 'sha256';
  /** Its name, written as the SigPolicyId's Description. */
  descripcion?: string;
}

/** A canonical unsigned file: the root's tags around its content and the namespaces the root declares. */
export interface PartesFirma {
  abre: string;
  cuerpo: string;
  cierra: string;
  /** prefix → URI of the root's namespace declarations. */
  espacios: Record<string, string>;
}

export interface OpcionesXades {
  politica: PoliticaFirma;
  clave: ClaveFirma;
  /** SigningTime (the issuing instant). */
  instante: Date;
  /** Signature id prefix (random by default). */
  id?: string;
  /** SignerRole's ClaimedRole (Facturae: "emisor"). */
  rol?: string;
}

export interface Firmado {
  xml: string;
  /** The whole SignatureValue (base64, no line breaks). */
  signatureValue: string;
}

const b64 = (b: Buffer) => b.toString('base64');
const huella = (s: string | Buffer, algoritmo: 'sha1' | 'sha256' = 'sha256') =>
  createHash(algoritmo).update(s).digest('base64');
/** Canonical text and attribute values (C14N 1.0). */
const texto = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '');
const atributo = (v: string) => texto(v).replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;');

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

/** dateTime of the UTC instant (Z). */
const fechaHora = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** The namespace declarations inclusive C14N writes on a subset's apex: every one in scope, sorted by prefix. */
function declaraciones(espacios: Record<string, string>, xades: boolean): string {
  const todos: Record<string, string> = { ...espacios, ds: DS, ...(xades ? { xades: XADES } : {}) };
  return Object.keys(todos)
    .sort()
    .map((p) => `xmlns:${p}="${atributo(todos[p] ?? '')}"`)
    .join(' ');
}

/** Signs a canonical unsigned file and returns it with its `<?xml?>` declaration and the ds:Signature as the root's last child. */
export function firmarXadesEpes(partes: PartesFirma, op: OpcionesXades): Firmado {
  const id = op.id ?? `Signature-${randomUUID()}`;
  const { politica } = op;
  const { cert, key } = op.clave;
  const certDer = cert.raw;
  const digestDoc = huella(partes.abre + partes.cuerpo + partes.cierra);

  const dm = (a: 'sha1' | 'sha256' = 'sha256') => `<ds:DigestMethod Algorithm="${DIGEST[a]}"></ds:DigestMethod>`;
  const signedPropsInterior =
    `<xades:SignedSignatureProperties><xades:SigningTime>${fechaHora(op.instante)}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>${dm()}<ds:DigestValue>${huella(certDer)}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${texto(nombreRfc2253(cert.issuer))}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${BigInt(`0x${cert.serialNumber}`).toString()}</ds:X509SerialNumber></xades:IssuerSerial>` +
    '</xades:Cert></xades:SigningCertificate>' +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${texto(politica.identificador)}</xades:Identifier>` +
    (politica.descripcion ? `<xades:Description>${texto(politica.descripcion)}</xades:Description>` : '') +
    '</xades:SigPolicyId>' +
    `<xades:SigPolicyHash>${dm(politica.algoritmo)}<ds:DigestValue>${politica.huella}</ds:DigestValue></xades:SigPolicyHash>` +
    `<xades:SigPolicyQualifiers><xades:SigPolicyQualifier><xades:SPURI>${texto(politica.identificador)}</xades:SPURI></xades:SigPolicyQualifier></xades:SigPolicyQualifiers>` +
    '</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>' +
    (op.rol
      ? `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${texto(op.rol)}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>`
      : '') +
    '</xades:SignedSignatureProperties>' +
    `<xades:SignedDataObjectProperties><xades:DataObjectFormat ObjectReference="#${id}-ref0"><xades:MimeType>text/xml</xades:MimeType><xades:Encoding>UTF-8</xades:Encoding></xades:DataObjectFormat></xades:SignedDataObjectProperties>`;
  const spId = `${id}-SignedProperties`;
  const signedPropsC14n = `<xades:SignedProperties ${declaraciones(partes.espacios, true)} Id="${spId}">${signedPropsInterior}</xades:SignedProperties>`;
  const signedPropsDoc = `<xades:SignedProperties Id="${spId}">${signedPropsInterior}</xades:SignedProperties>`;

  const signedInfoInterior =
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
    `<ds:Reference Id="${id}-ref0" URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"></ds:Transform></ds:Transforms>` +
    `${dm()}<ds:DigestValue>${digestDoc}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#${spId}">${dm()}<ds:DigestValue>${huella(signedPropsC14n)}</ds:DigestValue></ds:Reference>`;
  const signedInfoC14n = `<ds:SignedInfo ${declaraciones(partes.espacios, false)}>${signedInfoInterior}</ds:SignedInfo>`;
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

/** What checking a signed file found: valid with the signer's certificate, or the first thing that failed. */
export type Verificacion = { valida: true; certificado: X509Certificate } | { valida: false; motivo: string };

const primero = (re: RegExp, s: string) => re.exec(s)?.[1] ?? null;

/**
 * Checks an enveloped XAdES-EPES signature written as `firmarXadesEpes` writes it (the document canonical, one
 * ds:Signature as the root's last child): the digest of the document without the signature, the digest of
 * SignedProperties, the RSA signature of SignedInfo with the certificate in KeyInfo, that SigningCertificate names
 * that certificate, and the policy when one is expected. Not a general XML-DSig verifier (no canonicaliser).
 */
export function verificarXadesEpes(xml: string, politica?: PoliticaFirma): Verificacion {
  const no = (motivo: string): Verificacion => ({ valida: false, motivo });
  const firma = /<ds:Signature\b[\s\S]*<\/ds:Signature>/.exec(xml)?.[0];
  if (!firma) return no('El fichero no está firmado');
  const doc = xml
    .replace(firma, '')
    .replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '')
    .replace(/\s+$/, '');
  const raiz = /^<[^\s>]+((?:\s+[^\s=]+="[^"]*")*)\s*>/.exec(doc)?.[1] ?? '';
  const espacios = Object.fromEntries(
    [...raiz.matchAll(/xmlns:([\w.-]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&')]),
  );
  const signedInfo = primero(/<ds:SignedInfo>([\s\S]*?)<\/ds:SignedInfo>/, firma);
  const valor = primero(/<ds:SignatureValue[^>]*>([^<]*)<\/ds:SignatureValue>/, firma);
  const certB64 = primero(/<ds:X509Certificate>([^<]*)<\/ds:X509Certificate>/, firma);
  const props = /<xades:SignedProperties Id="([^"]*)">([\s\S]*?)<\/xades:SignedProperties>/.exec(firma);
  if (!signedInfo || !valor || !certB64 || !props) return no('La firma está incompleta');
  const digests = [...signedInfo.matchAll(/<ds:Reference\b([^>]*)>[\s\S]*?<ds:DigestValue>([^<]*)<\/ds:DigestValue>/g)];
  const delDocumento = digests.find((d) => /\sURI=""/.test(d[1] ?? ''))?.[2];
  const deLasPropiedades = digests.find((d) => (d[1] ?? '').includes(`URI="#${props[1]}"`))?.[2];
  if (delDocumento !== huella(doc)) return no('El contenido firmado no coincide con su huella');
  const propsC14n = `<xades:SignedProperties ${declaraciones(espacios, true)} Id="${props[1]}">${props[2]}</xades:SignedProperties>`;
  if (deLasPropiedades !== huella(propsC14n)) return no('Las propiedades firmadas no coinciden con su huella');
  let certificado: X509Certificate;
  try {
    certificado = new X509Certificate(Buffer.from(certB64, 'base64'));
  } catch {
    return no('El certificado de la firma no se puede leer');
  }
  const signedInfoC14n = `<ds:SignedInfo ${declaraciones(espacios, false)}>${signedInfo}</ds:SignedInfo>`;
  if (!verify('sha256', Buffer.from(signedInfoC14n, 'utf8'), certificado.publicKey, Buffer.from(valor, 'base64')))
    return no('La firma no corresponde al certificado');
  const certDigest = primero(/<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]*)<\/ds:DigestValue>/, props[2] ?? '');
  if (certDigest !== huella(certificado.raw)) return no('El certificado firmado no es el de la firma');
  if (politica) {
    const identificador = primero(/<xades:Identifier>([^<]*)<\/xades:Identifier>/, props[2] ?? '');
    const hash = primero(/<xades:SigPolicyHash>[\s\S]*?<ds:DigestValue>([^<]*)<\/ds:DigestValue>/, props[2] ?? '');
    if (identificador !== texto(politica.identificador) || hash !== politica.huella)
      return no('La firma no sigue la política de firma esperada');
  }
  return { valida: true, certificado };
}
