import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/** Whatever arrives, the answer is never a 5xx nor a stack trace. */
let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('demo', 'DEMO');
});
afterAll(() => t.close());

const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'Val',
      'Desc',
      'Nombre',
      'UserName',
      'Email',
      'Roles',
      'IdPerfil',
      'Permisos',
      'Tipo',
      'Latitud',
      'Baja',
      'Denegados',
      'Usuario',
      'Password',
      'IdCliente',
      'NuevoPassword',
      'Token',
      'TokenRefresco',
    ),
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
      fc.object(),
    ),
  ),
);

describe('fuzzing the API with its own field names', () => {
  it('answers every mutating route with a 2xx/4xx and a Spanish JSON message', async () => {
    const routes = t.deps.routes
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .filter((r) => !r.url.endsWith('/logout'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), anyJson, fc.integer({ min: 1, max: 3 }), async (route, body, id) => {
        const url = route.url.replace(/:[a-z]+/gi, String(id));
        const res = await owner.request(route.method, url, body);
        expect(res.status, `${route.method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|stack/i);
      }),
      { numRuns: 300 },
    );
  });

  it('answers list routes with hostile query strings with a 4xx, never a 5xx', async () => {
    const lists = t.deps.routes.filter((r) => r.method === 'GET' && r.url.endsWith('/list'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.record(
          {
            Pagina: fc.string(),
            TotalPagina: fc.string(),
            Filtros: fc.oneof(fc.string(), fc.json()),
            Orden: fc.string(),
            Descendente: fc.string(),
          },
          { requiredKeys: [] },
        ),
        async (route, query) => {
          const res = await owner.request(
            'GET',
            `${route.url}?${new URLSearchParams(query as Record<string, string>)}`,
          );
          expect(res.status, `${route.url} ${JSON.stringify(query)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
