import type { RouteDef } from '@faro/domain';
import type { ComponentType } from 'react';

/** A bespoke area screen: it receives the route's action, the path segments after it and the route definition. */
export type AreaScreen = ComponentType<{ action: string; segments: string[]; route: RouteDef }>;

/** An area's bespoke screens by action (its file under app/areas/ is owned by the area). */
export type AreaScreens = Record<string, AreaScreen>;

/** The routes one bespoke screen serves (`{ ...rutasDe(Pantalla, 'a', 'b') }`): the screen reads the action. */
export function rutasDe(pantalla: AreaScreen, ...acciones: string[]): AreaScreens {
  return Object.fromEntries(acciones.map((a) => [a, pantalla]));
}
