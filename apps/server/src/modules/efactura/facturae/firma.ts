import { type FacturaElectronica, facturaeSinFirma, NS_FACTURAE, type OpcionesFacturae } from '@faro/domain';
import {
  type ClaveFirma,
  firmarXadesEpes,
  type PoliticaFirma,
  type Verificacion,
  verificarXadesEpes,
} from '../../../registrosFiscales/xades.ts';

/**
 * Facturae signed XAdES-EPES (enveloped) with the Facturae signature policy v3.1, as FACe requires: the policy's
 * URL as identifier and its published SHA-1 digest, the signer's role "emisor", the company's certificate. The
 * file is written canonically by the domain's builder, so the one XAdES signer of the fiscal files signs its bytes.
 */
export const POLITICA_FACTURAE: PoliticaFirma = {
  identificador:
    'http://www.facturae.es/politica_de_firma_formato_facturae/politica_de_firma_formato_facturae_v3_1.pdf',
  huella: 'Ohixl6upD6av8N7pEvDABhEL6hM=',
  algoritmo: 'sha1',
  descripcion: 'Política de Firma FacturaE v3.1',
};

/** The invoice's Facturae 3.2.2 file, signed with the company's key at `instante`. */
export function facturaeFirmada(
  f: FacturaElectronica,
  op: OpcionesFacturae,
  clave: ClaveFirma,
  instante: Date,
): string {
  const partes = facturaeSinFirma(f, op);
  return firmarXadesEpes(
    { ...partes, espacios: { fe: NS_FACTURAE } },
    { politica: POLITICA_FACTURAE, clave, instante, rol: 'emisor' },
  ).xml;
}

/** Checks a signed Facturae (as Faro signs them): digests, RSA signature, signing certificate and the policy. */
export function verificarFacturae(xml: string): Verificacion {
  return verificarXadesEpes(xml, POLITICA_FACTURAE);
}
