import type { RouteDef } from '@faro/domain';
import { RECURRENTE_VENTA, RECURRENTES, RecurrenteProvider } from './ladoRecurrente.ts';
import { PlantillaEditor } from './PlantillaEditor.tsx';
import { PlantillasLista } from './PlantillasLista.tsx';

/**
 * Screens of the recurring templates: fventarec (sales invoices), fcomprarec (purchase invoices) and fgastorec
 * (expenses), one list and editor for the three kinds: `lista`, `nuevo`, `editar/{id}`.
 */
export function RecurrentesScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const [first, id] = segments;
  let pantalla = <PlantillasLista />;
  if (first === 'nuevo') pantalla = <PlantillaEditor key="nuevo" />;
  else if (first === 'editar' && id && /^\d+$/.test(id)) pantalla = <PlantillaEditor key={id} id={id} />;
  return <RecurrenteProvider value={RECURRENTES[action] ?? RECURRENTE_VENTA}>{pantalla}</RecurrenteProvider>;
}
