import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';
import { DocumentoEditor } from '../documentos/DocumentoEditor.tsx';
import { DocumentosLista } from '../documentos/DocumentosLista.tsx';
import { LadoProvider } from '../documentos/lado.ts';
import { ImportarFacturaXml } from '../efactura/recepcion/ImportarFacturaXml.tsx';
import { GastoEditor } from './GastoEditor.tsx';
import { LADO_COMPRA } from './ladoCompra.ts';
import { TicketGasto } from './TicketGasto.tsx';

/**
 * Screens of dcompra, acompra, fcompra (received invoices and expenses listed together) and fgasto (the expense
 * quick form, and `fgasto/ticket`, the phone's ticket mode): the shared document screens on the purchases side.
 * `segments`: `lista`, `nuevo`, `editar/{id}`, `ticket`.
 */
export function ComprasScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (!Object.hasOwn(LADO_COMPRA.recursos, action)) return <PlaceholderPage title={route.title} />;
  const [first, id] = segments;
  const editar = first === 'editar' && !!id && /^\d+$/.test(id);
  let pantalla: React.ReactNode;
  if (action === 'fgasto' && first === 'ticket') pantalla = <TicketGasto />;
  else if (action === 'fgasto' && (first === 'nuevo' || editar))
    pantalla = <GastoEditor key={id ?? 'nuevo'} id={editar ? id : undefined} />;
  else if (first === 'nuevo') pantalla = <DocumentoEditor key="nuevo" recurso={action} />;
  else if (editar) pantalla = <DocumentoEditor key={id} recurso={action} id={id} />;
  else
    pantalla =
      action === 'fcompra' ? (
        <ImportarFacturaXml>
          <DocumentosLista recurso={action} />
        </ImportarFacturaXml>
      ) : (
        <DocumentosLista recurso={action} />
      );
  return <LadoProvider value={LADO_COMPRA}>{pantalla}</LadoProvider>;
}
