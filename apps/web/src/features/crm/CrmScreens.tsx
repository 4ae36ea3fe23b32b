import type { RouteDef } from '@faro/domain';
import { EmbudosPage } from './EmbudosPage.tsx';
import { OportunidadesPage } from './OportunidadesPage.tsx';

/** Screens of the CRM: `crmoportuni` (kanban / list, `nuevo`), `crmembudos` and `embudosvta` (funnels). */
export function CrmScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  if (action === 'crmembudos' || action === 'embudosvta') return <EmbudosPage />;
  return <OportunidadesPage abrir={segments[0] === 'nuevo' ? 'nueva' : undefined} />;
}
