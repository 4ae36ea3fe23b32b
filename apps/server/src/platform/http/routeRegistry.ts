import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/**
 * Records every /api route with its declared access. A route that declares none stops the server from starting:
 * nothing reaches company data without saying who may call it.
 */
export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara permiso ni acceso público`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  return routes;
}
