import { LEVEL_FOR_ACTION, levelIn, type RouteDef } from '@faro/domain';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { AvisoNoActivo } from '../registrosFiscales/AvisoNoActivo.tsx';
import { ColaRegistros } from '../registrosFiscales/ColaRegistros.tsx';
import { CANAL_TBAI } from './canalTicketBai.tsx';
import { RecibidasLroe } from './RecibidasLroe.tsx';
import { VisorTicketBai } from './VisorTicketBai.tsx';

/**
 * lroefactemitidas: the TicketBAI queue (the shared `ColaRegistros` on `CANAL_TBAI`, every `tbai`/`lroe` company)
 * and the per-file viewer (`…/editar/{id}`); lroefactrecibidas: the LROE received invoices (Bizkaia, `lroe`).
 */
export function TicketBaiScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const { info, centro } = useReady();
  const tipo = info.TipoFacturaElectronica;
  if (action === 'lroefactrecibidas') {
    if (tipo !== 'lroe') return <AvisoNoActivo texto="El LROE solo está activo para empresas de Bizkaia" />;
    if (levelIn(info, 'ImptoRecib', centro) < LEVEL_FOR_ACTION.list) return <Forbidden />;
    return <RecibidasLroe />;
  }
  if (tipo !== 'tbai' && tipo !== 'lroe') return <AvisoNoActivo texto="TicketBAI no está activo para esta empresa" />;
  if (levelIn(info, CANAL_TBAI.permiso, centro) < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const id = segments[0] === 'editar' ? Number(segments[1]) : Number.NaN;
  if (Number.isSafeInteger(id) && id > 0) return <VisorTicketBai key={id} id={id} />;
  return (
    <ColaRegistros canal={CANAL_TBAI} titulo={tipo === 'lroe' ? 'LROE facturas emitidas' : 'Ficheros TicketBAI'} />
  );
}
