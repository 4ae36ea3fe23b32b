import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API path answers index.html (client-side routes). */
export async function installWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No se encuentra la web compilada en ${webDist}: ejecuta "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ Mensaje: 'No existe el dato solicitado' });
    }
    return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  });
}
