import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** Screens of fventarec (recurring invoice templates). `segments` are the path segments after the action (`lista`, `editar/{id}`, `nuevo`…). */
export function RecurrentesScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  return <PlaceholderPage title={route.title} />;
}
