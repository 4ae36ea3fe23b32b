import { MSG } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/**
 * Idempotency-Key: a key is matched against the company, the method, the concrete path and the body;
 * the same key with any other request is a 422 in Spanish and never replays another request's answer.
 */
let t: TestApp;
let demo: Session; // owner of DEMO
let demo2: Session; // the same person in DEMO2
let empleado: Session; // another member of DEMO
let cliente: number;
let n = 0;
const key = () => `clave-prueba-${Date.now()}-${n++}`;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  demo2 = await t.as('demo', 'DEMO2');
  empleado = await t.as('empleado', 'DEMO');
  const clientes = await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  cliente = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF).Id;
});
afterAll(() => t.close());

async function borrador(): Promise<number> {
  return crear(demo, '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: '2026-09-01',
    Lineas: [{ Descripcion: 'Tornillos', Cantidad: '2', Precio: '3', TipoIva: 'IVA21' }],
  });
}

describe('Idempotency-Key matches the concrete request', () => {
  it('the same key on emitir/A and then emitir/B: 422, B stays a draft, A replays', async () => {
    const [a, b] = [await borrador(), await borrador()];
    const headers = { 'idempotency-key': key() };
    const first = await demo.request('POST', `/api/ventas/fventa/emitir/${a}`, undefined, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const other = await demo.request('POST', `/api/ventas/fventa/emitir/${b}`, undefined, headers);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ Mensaje: MSG.idempotencyMismatch });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${b}`)).body.Numero).toBeNull();
    const again = await demo.request('POST', `/api/ventas/fventa/emitir/${a}`, undefined, headers);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('another body on the same path: 422; the same body with its keys in another order: replay', async () => {
    const headers = { 'idempotency-key': key() };
    const first = await demo.request('POST', '/api/configuracion/centros/save', { Val: 'IDA', Desc: 'Uno' }, headers);
    expect(first.status).toBe(201);
    const reordered = await demo.request(
      'POST',
      '/api/configuracion/centros/save',
      { Desc: 'Uno', Val: 'IDA' },
      headers,
    );
    expect(reordered.status).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toEqual(first.body);
    const other = await demo.request('POST', '/api/configuracion/centros/save', { Val: 'IDB', Desc: 'Dos' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.Mensaje).toBe(MSG.idempotencyMismatch);
    const list = await demo.request(
      'GET',
      `/api/configuracion/centros/list?Filtros=${encodeURIComponent('{"Val":"IDB"}')}`,
    );
    expect(list.body.Total).toBe(0);
  });

  it('is scoped to the company: the same person in another company never gets the first company’s answer', async () => {
    const headers = { 'idempotency-key': key() };
    const body = { Val: 'IDEMP', Desc: 'Por empresa' };
    const inDemo = await demo.request('POST', '/api/configuracion/centros/save', body, headers);
    expect(inDemo.status).toBe(201);
    const inDemo2 = await demo2.request('POST', '/api/configuracion/centros/save', body, headers);
    expect(inDemo2.status, JSON.stringify(inDemo2.body)).toBe(201);
    expect(inDemo2.headers['idempotent-replayed']).toBeUndefined();
    expect(inDemo2.body.Id).not.toBe(inDemo.body.Id);
    const own = await demo2.request('GET', `/api/configuracion/centros/edit/${inDemo2.body.Id}`);
    expect(own.body.Val).toBe('IDEMP');
    // Within one company the key is the company's: another member sending another request is refused.
    const colleague = await empleado.request('POST', '/api/ventas/clientes/save', { Nombre: 'Otro' }, headers);
    expect(colleague.status, JSON.stringify(colleague.body)).toBe(422);
  });

  it('a failed request frees its key: the corrected retry runs', async () => {
    const headers = { 'idempotency-key': key() };
    const bad = await demo.request('POST', '/api/configuracion/centros/save', { Val: 'IDC' }, headers);
    expect(bad.status).toBe(400);
    const good = await demo.request('POST', '/api/configuracion/centros/save', { Val: 'IDC', Desc: 'Bien' }, headers);
    expect(good.status).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    const res = await demo.request(
      'POST',
      '/api/configuracion/centros/save',
      { Val: 'IDD', Desc: 'x' },
      {
        'idempotency-key': 'corta',
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('every POST route that takes an Idempotency-Key', () => {
  /** Each registered POST with a session: the key is reserved by the first call and never answers another one. */
  it('replays only the same request and refuses any other with 422', async () => {
    const posts = t.deps.routes.filter((r) => r.method === 'POST' && r.access.kind !== 'public');
    expect(posts.length).toBeGreaterThan(30);
    const problems: string[] = [];
    let stored = 0;
    for (const route of posts) {
      if (route.url.endsWith('/logout')) continue;
      const session = route.access.kind === 'admin' ? await t.as('admin') : demo;
      const headers = { 'idempotency-key': key() };
      const url = route.url.replace(/:[a-z]+/gi, '1');
      const first = await session.request('POST', url, {}, headers);
      const name = `${route.url} (${first.status})`;
      if (first.status >= 500) problems.push(`${name}: 5xx`);
      // Another body on the same path, and (when the route has parameters) the same body on another path.
      const others: [string, unknown][] = [[url, { OtraPeticion: true }]];
      if (route.url.includes(':')) others.push([route.url.replace(/:[a-z]+/gi, '2'), {}]);
      for (const [otherUrl, otherBody] of others) {
        const other = await session.request('POST', otherUrl, otherBody, headers);
        if (other.headers['idempotent-replayed']) problems.push(`${name}: replayed for ${otherUrl}`);
        if (first.status < 300 && other.status !== 422) problems.push(`${name}: ${other.status} for ${otherUrl}`);
      }
      if (first.status < 300) {
        stored++;
        const again = await session.request('POST', url, {}, headers);
        if (
          again.headers['idempotent-replayed'] !== 'true' ||
          JSON.stringify(again.body) !== JSON.stringify(first.body)
        )
          problems.push(`${name}: the same request was not replayed (${again.status} ${JSON.stringify(again.body)})`);
      }
    }
    expect(problems).toEqual([]);
    expect(stored, 'some POST routes answered 2xx and were replayed').toBeGreaterThan(0);
  });
});
