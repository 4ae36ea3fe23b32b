import { DescargaXml, type FacturaUbl } from './DescargarUbl.tsx';

export const nombreFacturae = (doc: FacturaUbl) => `factura-${doc.NumSerie ?? doc.Id}.xsig`.replace(/[^\w.-]/g, '_');

/**
 * 'Descargar Facturae firmada': the issued invoice as Facturae 3.2.2 signed XAdES-EPES with the company's
 * certificate (the public sector's format, what FACe takes; `.xsig` as FACe names signed files), with the
 * customer's DIR3 units when it has them. Without a certificate, or with data Facturae requires missing, the
 * server's Spanish message says so.
 */
export const DescargarFacturae = ({ base, doc }: { base: string; doc: FacturaUbl }) => (
  <DescargaXml
    base={base}
    doc={doc}
    ruta={`${base}/facturae/${doc.Id}`}
    nombre={nombreFacturae(doc)}
    etiqueta="Descargar Facturae firmada"
  />
);
