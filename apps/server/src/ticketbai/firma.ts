import { POLITICAS_FIRMA, type ProvinciaTbai } from '@faro/domain';
import { type ClaveFirma, type Firmado, firmarXadesEpes } from '../registrosFiscales/xades.ts';

/**
 * XAdES-EPES enveloped signature of a TicketBAI file (TicketBAI "Política de firma" v1.0: RSA-SHA256, SHA-256
 * digests, SigningTime, SigningCertificate and the province's SignaturePolicyIdentifier), through the one XAdES
 * signer of the fiscal files (`registrosFiscales/xades.ts`). The document is produced already canonical by
 * `xml.ts`; `xmlsec1 --verify` checks the result independently in the tests.
 */
export { type ClaveFirma, claveDePkcs12, type Firmado } from '../registrosFiscales/xades.ts';

export interface OpcionesFirma {
  provincia: ProvinciaTbai;
  clave: ClaveFirma;
  /** SigningTime (the issuing instant). */
  instante: Date;
  /** Signature id prefix (random by default). */
  id?: string;
}

/**
 * Signs a canonical unsigned file (`abre` + `cuerpo` + `cierra`, root prefix T) and returns the file with its
 * `<?xml?>` declaration and the ds:Signature as the root's last child.
 */
export function firmarTbai(
  partes: { abre: string; cuerpo: string; cierra: string; ns: string },
  op: OpcionesFirma,
): Firmado {
  return firmarXadesEpes(
    { abre: partes.abre, cuerpo: partes.cuerpo, cierra: partes.cierra, espacios: { T: partes.ns } },
    { politica: POLITICAS_FIRMA[op.provincia], clave: op.clave, instante: op.instante, id: op.id },
  );
}
