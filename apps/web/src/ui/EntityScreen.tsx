import type { EntityDef } from '@faro/domain';
import { Navigate } from 'react-router';
import { DatesProvider } from './dates.ts';
import { EntityEditPage } from './edit/EntityEditPage.tsx';
import { listPath } from './entityPaths.ts';
import { EntityListPage } from './list/EntityListPage.tsx';

/** `{action}/lista`, `{action}/editar/{id}` and `{action}/nuevo` of any entity of the registry. */
export function EntityScreen({ entity, segments }: { entity: EntityDef; segments: string[] }) {
  const [view, id] = segments;
  let screen: React.ReactNode;
  if (view === 'lista') screen = <EntityListPage entity={entity} />;
  else if (view === 'editar' && id) screen = <EntityEditPage key={id} entity={entity} id={id} />;
  else if (view === 'nuevo' && !entity.readOnly) screen = <EntityEditPage key="nuevo" entity={entity} />;
  else return <Navigate to={listPath(entity)} replace />;
  return <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, consistentWeeks: true }}>{screen}</DatesProvider>;
}
