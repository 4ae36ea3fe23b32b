import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadContext } from '../auth/context.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import { unauthorized } from './errors.ts';

export interface DocsOptions {
  /** Open to anyone (dev, demo, tests, FARO_API_DOCS=1); otherwise a valid session (bearer token) is required. */
  open: boolean;
  db: Db;
  secret: string;
}

/**
 * OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json. In production
 * (NODE_ENV=production without FARO_API_DOCS=1) every docs route needs a signed-in caller.
 */
export async function installOpenApi(app: FastifyInstance, docs: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Faro API', version: '1', description: 'API de Faro. Todas las rutas bajo /api/{área}/.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const out: Record<string, unknown> = { ...schema };
      for (const part of ['body', 'querystring', 'params'] as const) {
        const s = (schema as Record<string, unknown>)[part];
        if (s instanceof z.ZodType) {
          out[part] = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
        }
      }
      return { schema: out as typeof schema, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: docs.open
      ? undefined
      : {
          onRequest: async (request) => {
            const header = request.headers.authorization;
            const claims = header?.startsWith('Bearer ')
              ? verifyAccessToken(header.slice(7).trim(), docs.secret)
              : null;
            if (!claims || !(await loadContext(docs.db, claims))) throw unauthorized();
          },
        },
  });
}
