import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../../ui/PlaceholderPage.tsx';
import { ContratoPlantilla } from './ContratoPlantilla.tsx';
import { EmpresaEditor, EmpresasLista } from './EmpresasAdmin.tsx';
import { Excepciones } from './Excepciones.tsx';
import { InformesPlataforma } from './InformesAdmin.tsx';
import { Notificaciones } from './Notificaciones.tsx';
import { Versiones } from './Versiones.tsx';
import { VideosCategorias, VideosContenido } from './VideosAdmin.tsx';

/** The platform administrator's routes (role admin): one chunk. `segments` follow the action. */
export function AdminScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  switch (action) {
    case 'admempresas':
      if (segments[0] === 'nuevo') return <EmpresaEditor id={null} />;
      if (segments[0] === 'editar' && /^\d+$/.test(segments[1] ?? '')) {
        return <EmpresaEditor key={segments[1]} id={Number(segments[1])} />;
      }
      return <EmpresasLista />;
    case 'admexcep':
      return <Excepciones />;
    case 'admnotifica':
      return <Notificaciones />;
    case 'admcontrato':
      return <ContratoPlantilla />;
    case 'admvideoscat':
      return <VideosCategorias />;
    case 'admvideoscont':
      return <VideosContenido />;
    case 'adminformes':
      return <InformesPlataforma />;
    case 'admversiones':
      return <Versiones />;
    default:
      return <PlaceholderPage title={route.title} />;
  }
}
