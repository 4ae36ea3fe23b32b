import { ENTITY_LIST, MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * Save bodies: a save without a body, or a PUT that names none of the record's fields, is a 400 and
 * changes nothing (a PUT without a body used to null the whole company configuration); amounts beyond their column
 * are a Spanish 400 (they were a 500); zod's English defaults never reach an answer.
 */

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

const english = /\b(invalid|expected|required|must|received|string|object|number)\b/i;

describe('a save without data changes nothing', () => {
  it('PUT configura/save/{id} without a body or with {} is a 400 and the configuration stays', async () => {
    const before = (await demo.request('GET', '/api/configuracion/configura/list')).body.Items[0];
    expect(before.IdFormaPago).not.toBeNull();
    for (const body of [undefined, {}, { Inventado: 1 }]) {
      const res = await demo.request('PUT', `/api/configuracion/configura/save/${before.Id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Mensaje).toBe(MSG.bodyMissing);
    }
    const after = (await demo.request('GET', `/api/configuracion/configura/edit/${before.Id}`)).body;
    expect(after).toEqual(before);
  });

  it('every PUT save of the entity engine refuses a missing or empty body and keeps its row', async () => {
    const problems: string[] = [];
    for (const entity of ENTITY_LIST.filter((e) => !e.readOnly)) {
      const base = `/api/${entity.area}/${entity.name}`;
      if (!t.deps.routes.some((r) => r.method === 'PUT' && r.url === `${base}/save/:id`)) continue;
      const list = await demo.request('GET', `${base}/list?TotalPagina=1`);
      const row = list.body?.Items?.[0];
      if (!row) continue;
      const before = (await demo.request('GET', `${base}/edit/${row.Id}`)).body;
      for (const body of [undefined, {}]) {
        const res = await demo.request('PUT', `${base}/save/${row.Id}`, body);
        if (res.status !== 400) problems.push(`${base} ${JSON.stringify(body)}: ${res.status}`);
      }
      const after = (await demo.request('GET', `${base}/edit/${row.Id}`)).body;
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${base}: the row changed`);
    }
    expect(problems).toEqual([]);
  });

  it('every PUT and POST route with a body refuses a missing body with a 4xx in Spanish (never a 2xx save)', async () => {
    const problems: string[] = [];
    const routes = t.deps.routes.filter(
      (r) => (r.method === 'PUT' || r.url.endsWith('/save')) && r.access.kind !== 'public',
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const res = await demo.request(route.method, route.url.replace(/:[a-z]+/gi, '1'));
      if (res.status < 400 || res.status >= 500) problems.push(`${route.method} ${route.url}: ${res.status}`);
      if (english.test(JSON.stringify(res.body))) problems.push(`${route.url}: ${JSON.stringify(res.body)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a full form still saves (fields it leaves out are null, as a PUT replaces the record)', async () => {
    const before = (await demo.request('GET', '/api/configuracion/configura/list')).body.Items[0];
    const res = await demo.request('PUT', `/api/configuracion/configura/save/${before.Id}`, {
      ...before,
      PieDocumentos: 'Inscrita en el Registro Mercantil',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.PieDocumentos).toBe('Inscrita en el Registro Mercantil');
    expect(res.body.IdFormaPago).toBe(before.IdFormaPago);
  });
});

describe('amounts beyond their column are a Spanish 400, never a 500', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['/api/ventas/clientes/save', 'LimiteCredito', { Nombre: 'Grande SL' }],
    ['/api/catalogo/productos/save', 'PrecioVenta', { Descripcion: 'Caro' }],
    ['/api/catalogo/productos/save', 'PrecioCompra', { Descripcion: 'Caro' }],
    ['/api/catalogo/productos/save', 'StockMinimo', { Descripcion: 'Mucho' }],
    ['/api/tesoreria/tesoreria/save', 'SaldoInicial', { Codigo: 'BIG', Nombre: 'Grande', Tipo: 'caja' }],
  ];

  it.each(cases)('%s %s', async (url, field, base) => {
    for (const huge of [1e21, '1e21', -1e21, '-1e21', '99999999999999999999']) {
      const res = await demo.request('POST', url, { ...base, [field]: huge });
      expect(res.status, `${field}=${huge}: ${JSON.stringify(res.body)}`).toBe(400);
      const error = res.body.Errores.find((e: { Campo: string }) => e.Campo === field);
      expect(error?.Mensaje, `${field}=${huge}`).toMatch(/^Debe ser (menor|mayor) o igual a -?\d+(\.\d+)?$/);
    }
  });

  it('tariff lines: Valor and CantidadMinima', async () => {
    const tarifa = (await demo.request('GET', '/api/catalogo/tarifas/list')).body.Items[0];
    const producto = (await demo.request('GET', '/api/catalogo/productos/list')).body.Items[0];
    for (const field of ['Valor', 'CantidadMinima']) {
      const res = await demo.request('POST', '/api/catalogo/tarifaslineas/save', {
        IdTarifa: tarifa.Id,
        IdProducto: producto.Id,
        Tipo: 'precio',
        Valor: '1',
        [field]: '1e21',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.Errores[0].Mensaje).toMatch(/^Debe ser menor o igual a \d+(\.\d+)?$/);
    }
  });
});

describe('no English default message reaches an answer', () => {
  it('a body of the wrong type', async () => {
    for (const body of ['texto', 7, [1, 2], true]) {
      const res = await demo.request('POST', '/api/configuracion/centros/save', JSON.stringify(body), {
        'content-type': 'application/json',
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).not.toMatch(english);
    }
  });
});
