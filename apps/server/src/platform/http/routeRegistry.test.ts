import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access } from '../auth/access.ts';
import { trackRoutes } from './routeRegistry.ts';

describe('route registry', () => {
  it('refuses to start when an /api route declares neither a permission nor public', async () => {
    const app = Fastify();
    trackRoutes(app);
    expect(() => app.get('/api/ventas/olvidada', async () => ({}))).toThrow(
      'La ruta GET /api/ventas/olvidada no declara permiso ni acceso público',
    );
  });

  it('records each route with its access', async () => {
    const app = Fastify();
    const routes = trackRoutes(app);
    app.get('/api/ventas/a', { config: { access: access.permission('VentasFact', 1) } }, async () => ({}));
    app.post('/api/ventas/b', { config: { access: access.public } }, async () => ({}));
    app.get('/fuera-de-la-api', async () => ({}));
    await app.ready();
    expect(routes).toEqual([
      {
        method: 'GET',
        url: '/api/ventas/a',
        access: { kind: 'permission', code: 'VentasFact', level: 1, module: undefined },
      },
      { method: 'POST', url: '/api/ventas/b', access: { kind: 'public' } },
    ]);
  });
});
