import {
  type CertificadosPrueba,
  generarCertificados,
  type OpcionesCertificados,
} from '../../registrosFiscales/certificadosPrueba.ts';

export type { CertificadosPrueba, OpcionesCertificados };

/**
 * The AEAT simulator's certificates: P-256 keys (generation takes milliseconds), the AEAT test NIF 89890001K by
 * default.
 */
export function generarCertificadosPrueba(opciones: OpcionesCertificados = {}): CertificadosPrueba {
  return generarCertificados(
    {
      clave: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      carpeta: 'faro-aeat-',
      sujetoCa: '/CN=Faro simulador AEAT CA',
      paisCliente: '',
      extensionesCliente: 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n',
      nif: '89890001K',
      nombre: 'EMPRESA DE PRUEBA',
    },
    opciones,
  );
}
