import { Button } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { IconDownload } from '../../ui/icons.tsx';
import { guardarComo } from '../documentos/VistaPreviaPdf.tsx';

/** The sales invoices' API base: only issued sales invoices have an e-invoice. */
const FACTURAS_VENTA = 'ventas/fventa';

export interface FacturaUbl {
  Id: number;
  NumSerie?: string | null;
  Estado: string;
}

/** Whether the document shown has a UBL e-invoice: a sales invoice with a number (issued, or issued and cancelled). */
export const tieneFacturaElectronica = (base: string, doc: FacturaUbl) =>
  base === FACTURAS_VENTA && !!doc.NumSerie && doc.Estado !== 'Provisional';

export const nombreUbl = (doc: FacturaUbl) => `factura-${doc.NumSerie ?? doc.Id}.xml`.replace(/[^\w.-]/g, '_');

/**
 * A button, on issued sales invoices only, that asks the server for one XML file of the invoice and saves it under
 * `nombre`; when the server refuses
 * (a rule the invoice breaks, no certificate to sign) the API client shows its Spanish message, and nothing is saved.
 */
export function DescargaXml({
  base,
  doc,
  ruta,
  nombre,
  etiqueta,
}: {
  base: string;
  doc: FacturaUbl;
  ruta: string;
  nombre: string;
  etiqueta: string;
}) {
  const [ocupado, setOcupado] = useState(false);
  if (!tieneFacturaElectronica(base, doc)) return null;
  const descargar = async () => {
    setOcupado(true);
    try {
      const xml = await api.get<Blob>(ruta, { binary: true });
      const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
      guardarComo(url, nombre);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={ocupado}
      onClick={() => void descargar()}
    >
      {etiqueta}
    </Button>
  );
}

/**
 * 'Descargar factura electrónica (UBL)': the invoice as UBL 2.1 under EN 16931, which the server checks against the
 * official rules before sending it; when a rule fails the server's Spanish message says which, in words.
 */
export const DescargarUbl = ({ base, doc }: { base: string; doc: FacturaUbl }) => (
  <DescargaXml
    base={base}
    doc={doc}
    ruta={`${base}/ubl/${doc.Id}`}
    nombre={nombreUbl(doc)}
    etiqueta="Descargar factura electrónica (UBL)"
  />
);
