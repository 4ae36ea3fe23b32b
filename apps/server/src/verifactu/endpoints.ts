/** AEAT VeriFactu SOAP endpoints (SistemaFacturacion.wsdl, services sfVerifactu / sfRequerimiento). */

export type EntornoSoap = 'pruebas' | 'produccion';

export const ENDPOINTS_VERIFACTU = {
  produccion: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  /** With a seal certificate (certificado de sello). */
  produccionSello: 'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  pruebas: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  pruebasSello: 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

export const ENDPOINTS_REQUERIMIENTO = {
  produccion: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
  produccionSello: 'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
  pruebas: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
  pruebasSello: 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
} as const;

/** The path the AEAT serves the VERI*FACTU port on (the simulator listens on the same). */
export const RUTA_VERIFACTU = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
