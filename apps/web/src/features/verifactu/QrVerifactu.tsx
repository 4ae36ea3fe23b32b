import { IMPRESION_QR } from '@faro/domain';
import { QrFiscal } from '../registrosFiscales/QrFiscal.tsx';

// The invoice editor shows a record's state with the shared badge.
export { EstadoBadge } from '../registrosFiscales/EstadoBadge.tsx';

/** The QR of a cotejo URL with the legends of the printed invoice (viewer and invoice editor). */
export function QrVerifactu({ url, tamano }: { url: string; tamano?: number }) {
  return (
    <QrFiscal
      url={url}
      etiqueta="Código QR tributario"
      arriba={IMPRESION_QR.leyendaSuperior}
      abajo={IMPRESION_QR.leyendaInferior}
      tamano={tamano}
    />
  );
}
