import type { RegisteredRoute } from '../src/platform/http/routeRegistry.ts';
import type { Response, Session } from './testApp.ts';

/** A registered route called with made-up ids and an empty body (the guard answers before any handler reads them). */
export function llamar(session: Session, route: RegisteredRoute): Promise<Response> {
  const url = route.url.replace(/:[a-z]+/gi, '999999');
  return session.request(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
}

/** The routes in an order a walk can keep one session through: ending a session (logout) comes last. */
export function enOrdenDeRecorrido(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  const cierra = (r: RegisteredRoute) => Number(r.url.endsWith('/usuario/logout'));
  return [...routes].sort((a, b) => cierra(a) - cierra(b));
}

export const nombreDe = (route: RegisteredRoute) => `${route.method} ${route.url}`;
