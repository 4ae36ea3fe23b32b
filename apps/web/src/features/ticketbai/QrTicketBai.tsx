import { LEYENDA_TBAI } from '@faro/domain';
import { QrFiscal } from '../registrosFiscales/QrFiscal.tsx';

/** The TicketBAI QR with the identifier above it and the legend below, as printed on the invoice. */
export function QrTicketBai({ url, identificador, tamano }: { url: string; identificador: string; tamano?: number }) {
  return (
    <QrFiscal
      url={url}
      etiqueta="Código QR TicketBAI"
      arriba={identificador}
      arribaMonospace
      abajo={LEYENDA_TBAI}
      tamano={tamano}
    />
  );
}
