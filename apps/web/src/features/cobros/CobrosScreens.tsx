import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** Screens of movstesoreriac (collections), factemitidas (issued-invoice book). `segments` are the path segments after the action (`lista`, `editar/{id}`, `nuevo`…). */
export function CobrosScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  return <PlaceholderPage title={route.title} />;
}
