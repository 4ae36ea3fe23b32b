import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
