import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@faro/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API path answers index.html (client-side routes). */
export async function installWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No se encuentra la web compilada en ${webDist}: ejecuta "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  // Client-side routes: every other GET outside /api answers the app shell (static files have their own routes).
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ Mensaje: MSG.notFound });
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
