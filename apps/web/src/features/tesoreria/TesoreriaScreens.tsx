import type { RouteDef } from '@faro/domain';
import { ArqueosScreen } from './ArqueosScreen.tsx';
import { MovimientosScreen } from './MovimientosScreen.tsx';
import { RemesasScreen } from './RemesasScreen.tsx';

/** Treasury screens: movstesoreria (home, movements, statements), remesas, arqueos. */
export function TesoreriaScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (action === 'remesas') return <RemesasScreen title={route.title} />;
  if (action === 'arqueos') return <ArqueosScreen title={route.title} />;
  return <MovimientosScreen title={route.title} segments={segments} />;
}
