import {
  type CertificadosPrueba,
  generarCertificados,
  type OpcionesCertificados,
} from '../../registrosFiscales/certificadosPrueba.ts';

export type CertificadosTbai = CertificadosPrueba;

/**
 * The Diputación simulator's certificates: RSA 2048 (the TicketBAI signature policy asks for RSA keys over 1024
 * bits), a client certificate fit for signing (digitalSignature, nonRepudiation).
 */
export function generarCertificadosTbai(op: OpcionesCertificados = {}): CertificadosTbai {
  return generarCertificados(
    {
      clave: ['-newkey', 'rsa:2048', '-nodes'],
      carpeta: 'faro-tbai-',
      sujetoCa: '/C=ES/O=Faro/CN=Faro simulador TicketBAI CA',
      paisCliente: '/C=ES',
      extensionesCliente:
        'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=clientAuth,emailProtection\n',
      nif: '99999974E',
      nombre: 'EMPRESA DE PRUEBA TICKETBAI',
    },
    op,
  );
}
