import type { RouteDef } from '@faro/domain';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

/** Screens of fventaverifactu (the VeriFactu record queue) and fventavisorvf (the viewer). `segments` are the path segments after the action (`lista`, `editar/{id}`, `nuevo`…). */
export function VerifactuScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  return <PlaceholderPage title={route.title} />;
}
