import type { RouteDef } from '@faro/domain';
import { PlantillaEditor } from './PlantillaEditor.tsx';
import { PlantillasLista } from './PlantillasLista.tsx';

/** Screens of fventarec (recurring invoice templates): `lista`, `nuevo`, `editar/{id}`. */
export function RecurrentesScreens({ segments }: { action: string; segments: string[]; route: RouteDef }) {
  const [first, id] = segments;
  if (first === 'nuevo') return <PlantillaEditor key="nuevo" />;
  if (first === 'editar' && id && /^\d+$/.test(id)) return <PlantillaEditor key={id} id={id} />;
  return <PlantillasLista />;
}
