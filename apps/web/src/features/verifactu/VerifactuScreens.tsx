import { LEVEL_FOR_ACTION, levelIn, type RouteDef } from '@faro/domain';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { AvisoNoActivo } from '../registrosFiscales/AvisoNoActivo.tsx';
import { ColaRegistros } from '../registrosFiscales/ColaRegistros.tsx';
import { BuscadorVisor } from './BuscadorVisor.tsx';
import { CANAL_VF } from './canalVerifactu.tsx';
import { VisorFactura, VisorVerifactu } from './VisorVerifactu.tsx';
import { PERMISO_VF } from './verifactuModel.ts';

/**
 * The routes of fventaverifactu (the queue: the shared `ColaRegistros` on `CANAL_VF`, settings included) and
 * fventavisorvf (the viewer: `BuscadorVisor` lists, `VisorVerifactu` shows a record, `VisorFactura` an invoice's
 * latest record). `segments` are the path segments after the action.
 */
export function VerifactuScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_VF, centro);
  if (info.TipoFacturaElectronica !== 'verifactu') {
    return <AvisoNoActivo texto="VeriFactu no está activo para esta empresa" />;
  }
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  if (action === 'fventavisorvf') {
    const id = segments.find((s) => /^\d+$/.test(s));
    if (id && segments[0] === 'factura') return <VisorFactura key={id} idFactura={Number(id)} />;
    return id ? <VisorVerifactu key={id} id={Number(id)} /> : <BuscadorVisor />;
  }
  return <ColaRegistros canal={CANAL_VF} titulo="Registros VeriFactu" />;
}
