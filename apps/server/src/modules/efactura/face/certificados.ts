import type { CertificadosPrueba, OpcionesCertificados } from '../../../registrosFiscales/certificadosPrueba.ts';
import { generarCertificadosTbai } from '../../../ticketbai/simulador/certificados.ts';

/**
 * Throwaway certificates for Facturae signatures and the local FACe simulator: the signing profile TicketBAI's
 * simulator already makes (RSA 2048, a client certificate fit for signing like a company's), for a company NIF.
 */
export function generarCertificadosFace(op: OpcionesCertificados = {}): CertificadosPrueba {
  return generarCertificadosTbai({ nif: 'B12345674', nombre: 'EMPRESA DE PRUEBA FACTURAE', ...op });
}
