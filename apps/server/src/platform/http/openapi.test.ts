import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

const t = appDePruebas();

/** OpenAPI generated from the schemas and served at /api/docs. */
describe('OpenAPI at /api/docs', () => {
  it('serves the document generated from every route and its zod schemas', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths as Record<string, Record<string, any>>;
    // Every registered /api route is documented (docs routes aside).
    const documented = new Set(
      Object.entries(paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const missing = t.deps.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    // The sign-in body comes from its zod schema, with the spec's field names.
    const login = paths['/api/usuarios/registro/login']!.post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['Usuario', 'Password', 'IdCliente']));
    // The list contract's query parameters of the entity engine.
    const list = paths['/api/configuracion/centros/list']!.get;
    const params = (list.parameters as { name: string; in: string }[]).filter((p) => p.in === 'query');
    expect(params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Pagina', 'TotalPagina', 'Filtros', 'Orden', 'Descendente']),
    );
  });

  it('serves the documentation page', async () => {
    const res = await t.call('GET', '/api/docs/');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('<html');
  });
});
