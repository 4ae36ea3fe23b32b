import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** Screens of pventa, dventa, aventa, fventa and docventahist. `segments` are the path segments after the action (`lista`, `editar/{id}`, `nuevo`…). */
export function VentasScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  return <PlaceholderPage title={route.title} />;
}
