import { LEVEL_FOR_ACTION, levelIn, type RouteDef } from '@faro/domain';
import { Alert } from '@mantine/core';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { ColaTicketBai } from './ColaTicketBai.tsx';
import { RecibidasLroe } from './RecibidasLroe.tsx';
import { VisorTicketBai } from './VisorTicketBai.tsx';

/**
 * lroefactemitidas: the TicketBAI queue (`ColaTicketBai`, every `tbai`/`lroe` company) and the per-file viewer
 * (`…/editar/{id}`); lroefactrecibidas: the LROE received invoices (Bizkaia, `lroe`).
 */
export function TicketBaiScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const { info, centro } = useReady();
  const tipo = info.TipoFacturaElectronica;
  if (action === 'lroefactrecibidas') {
    if (tipo !== 'lroe') return <NoActivo texto="El LROE solo está activo para empresas de Bizkaia" />;
    if (levelIn(info, 'ImptoRecib', centro) < LEVEL_FOR_ACTION.list) return <Forbidden />;
    return <RecibidasLroe />;
  }
  if (tipo !== 'tbai' && tipo !== 'lroe') return <NoActivo texto="TicketBAI no está activo para esta empresa" />;
  if (levelIn(info, 'ImptoEmit', centro) < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const id = segments[0] === 'editar' ? Number(segments[1]) : Number.NaN;
  if (Number.isSafeInteger(id) && id > 0) return <VisorTicketBai key={id} id={id} />;
  return <ColaTicketBai titulo={tipo === 'lroe' ? 'LROE facturas emitidas' : 'Ficheros TicketBAI'} />;
}

function NoActivo({ texto }: { texto: string }) {
  return (
    <Alert color="gray" variant="light" maw={640}>
      {texto}
    </Alert>
  );
}
