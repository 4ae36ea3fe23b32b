import type { RouteDef } from '@faro/domain';
import type { ComponentType } from 'react';

/** A bespoke area screen: it receives the route's action, the path segments after it and the route definition. */
export type AreaScreen = ComponentType<{ action: string; segments: string[]; route: RouteDef }>;

/** An area's bespoke screens by action (its file under app/areas/ is owned by the area). */
export type AreaScreens = Record<string, AreaScreen>;
