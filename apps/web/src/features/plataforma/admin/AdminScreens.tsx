import type { RouteDef } from '@faro/domain';
import { PantallaDeAccion } from '../../../ui/PlaceholderPage.tsx';
import { ContratoPlantilla } from './ContratoPlantilla.tsx';
import { EmpresaEditor, EmpresasLista } from './EmpresasAdmin.tsx';
import { Excepciones } from './Excepciones.tsx';
import { InformesPlataforma } from './InformesAdmin.tsx';
import { Notificaciones } from './Notificaciones.tsx';
import { Versiones } from './Versiones.tsx';
import { VideosCategorias, VideosContenido } from './VideosAdmin.tsx';

/** The administrator's screens that take no segment, by action. */
const PANTALLAS = {
  admexcep: Excepciones,
  admnotifica: Notificaciones,
  admcontrato: ContratoPlantilla,
  admvideoscat: VideosCategorias,
  admvideoscont: VideosContenido,
  adminformes: InformesPlataforma,
  admversiones: Versiones,
};

/** The platform administrator's routes (role admin): one chunk. `segments` follow the action. */
export function AdminScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (action !== 'admempresas') return <PantallaDeAccion pantallas={PANTALLAS} action={action} title={route.title} />;
  if (segments[0] === 'nuevo') return <EmpresaEditor id={null} />;
  if (segments[0] === 'editar' && /^\d+$/.test(segments[1] ?? '')) {
    return <EmpresaEditor key={segments[1]} id={Number(segments[1])} />;
  }
  return <EmpresasLista />;
}
