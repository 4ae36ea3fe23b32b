import { ENTITY_LIST } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { ISOLATION_AREAS } from './isolation/areas.ts';
import type { Answer, IsolationContext } from './isolation/types.ts';
import type { RegisteredRoute } from './routeRegistry.ts';

/**
 * Generated over every registered route: with company A's session, company B's ids answer 404 and no byte of B's
 * data appears in any response. A route this matrix does not know how to call fails the suite.
 */
const SENTINEL = `CENTINELA-B-${Math.random().toString(36).slice(2, 10)}`;

let t: TestApp;
let a: Session; // demo, owner of DEMO (every permission)
let b: Session; // autoescuela, owner of AUTOESCUELA
const bIds = new Map<string, number>(); // resource base path → an id of B
let bEmpresaId = 0;
let bVfFactura = 0; // an issued invoice of B with VeriFactu records
const bImports = new Map<string, number>(); // import base path → an upload of B waiting for confirmation
const B_NIF = '00000006Y';

/** One valid body per master-data resource of B, each carrying the sentinel where the entity has a text field. */
async function giveBMasterData(): Promise<void> {
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await b.request('POST', path, body);
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body as Record<string, unknown> & { Id: number };
  };
  await post('/api/ventas/clientes/save', { Nombre: SENTINEL, NIF: B_NIF, Observaciones: SENTINEL });
  await post('/api/ventas/clientespot/save', { Nombre: SENTINEL, NIF: B_NIF });
  await post('/api/compras/proveedores/save', { Nombre: SENTINEL, NIF: B_NIF });
  const tarifa = await post('/api/catalogo/tarifas/save', { Codigo: 'TB', Nombre: SENTINEL });
  await post('/api/configuracion/gruposcto/save', { Codigo: 'GB', Nombre: SENTINEL, IdTarifa: tarifa.Id });
  const familia = await post('/api/catalogo/familias/save', { Codigo: 'FB', Nombre: SENTINEL });
  const producto = await post('/api/catalogo/productos/save', {
    Descripcion: SENTINEL,
    IdFamilia: familia.Id,
    PrecioVenta: '10',
    ControlStock: true,
  });
  await post('/api/catalogo/tarifaslineas/save', {
    IdTarifa: tarifa.Id,
    IdProducto: producto.Id,
    Tipo: 'precio',
    Valor: '7',
  });
  const almacen = await post('/api/catalogo/almacenes/save', { Codigo: 'AB', Nombre: SENTINEL });
  await post('/api/catalogo/almacenes/ajuste', {
    IdAlmacen: almacen.Id,
    IdProducto: producto.Id,
    Cantidad: '5',
    Motivo: SENTINEL,
  });
  const serieB = await post('/api/configuracion/series/save', {
    Codigo: 'SB',
    Descripcion: SENTINEL,
    TipoDocumento: 'factura',
  });
  await post('/api/configuracion/fpago/save', {
    Codigo: 'FPB',
    Descripcion: SENTINEL,
    Medio: 'transferencia',
    Plazos: 1,
  });
  await post('/api/configuracion/tiposiva/save', {
    Valor: 'IVAB',
    Descripcion: SENTINEL,
    Impuesto: 'IVA',
    Tipo: 'general',
    PorcentajeIva: '21',
  });
  await post('/api/configuracion/contratos/save', { Tipo: 'indefinido', Descripcion: SENTINEL });
  const cuentaB = await post('/api/tesoreria/tesoreria/save', { Codigo: 'CB', Nombre: SENTINEL, Tipo: 'caja' });
  await post('/api/tesoreria/conceptosmovs/save', { Codigo: 'CMB', Descripcion: SENTINEL, Tipo: 'cobro' });
  await post('/api/rrhh/empleados/save', { Codigo: 'EB', Nombre: SENTINEL });
  await post('/api/rrhh/comerciales/save', { Codigo: 'COMB', Nombre: SENTINEL });
  await post('/api/rrhh/sitlaboral/save', { Codigo: 'SLB', Descripcion: SENTINEL });
  await post('/api/comunicaciones/plantemail/save', {
    Nombre: SENTINEL,
    Tipo: 'general',
    Asunto: SENTINEL,
    Cuerpo: `<p>${SENTINEL}</p>`,
  });
  await post('/api/comunicaciones/segmentacion/save', { Codigo: 'SGB', Descripcion: SENTINEL });
  await giveBSalesDocuments(post, serieB.Id, producto.Id, cuentaB.Id);
  await giveBPurchaseDocuments(post, producto.Id);
  // One-row resources: B's configuration and company data carry the sentinel too.
  const conf = (await b.request('GET', '/api/configuracion/configura/list')).body.Items[0];
  expect(
    (await b.request('PUT', `/api/configuracion/configura/save/${conf.Id}`, { ...conf, VentasTxtLibre1: SENTINEL }))
      .status,
  ).toBe(200);
  const emp = (await b.request('GET', `/api/configuracion/empresa/edit/${bEmpresaId}`)).body;
  expect(
    (await b.request('PUT', `/api/configuracion/empresa/save/${bEmpresaId}`, { ...emp, NombreComercial: SENTINEL }))
      .status,
  ).toBe(200);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SENTINEL)]);
  const logo = multipartFile('logo.png', png, 'image/png');
  expect((await b.request('POST', '/api/configuracion/empresa/logo', logo.body, logo.headers)).status).toBe(200);
  // Uploads of B waiting to be imported (their rows carry the sentinel).
  for (const base of [
    '/api/ventas/clientes/importar',
    '/api/compras/proveedores/importar',
    '/api/catalogo/productos/importar',
  ]) {
    const csv = multipartFile('b.csv', `Nombre;Descripcion;NIF\n${SENTINEL};${SENTINEL};${B_NIF}\n`, 'text/csv');
    const res = await b.request('POST', base, csv.body, csv.headers);
    expect(res.status, `${base} ${JSON.stringify(res.body)}`).toBe(200);
    bImports.set(base, res.body.Id);
  }
}

/** Sales documents of B: a quote, an order, a delivery note and a draft invoice, each with the sentinel. */
async function giveBSalesDocuments(
  post: (path: string, body: Record<string, unknown>) => Promise<{ Id: number }>,
  serieId: number,
  productoId: number,
  cuentaId: number,
): Promise<void> {
  const clientesB = (await b.request('GET', '/api/ventas/clientes/list?TotalPagina=200')).body.Items;
  const clienteB = clientesB.find((c: Record<string, unknown>) => c.Nombre === SENTINEL);
  const doc = {
    Cliente: clienteB.Id,
    Fecha: '2026-02-01',
    Observaciones: SENTINEL,
    Lineas: [{ IdProducto: productoId, Descripcion: SENTINEL, Cantidad: '1', Precio: '10', TipoIva: 'IVAB' }],
  };
  // AUTOESCUELA has no orders module: switch it on so B owns an order too.
  await t.database.query(`update empresas set modulos = modulos || '{"ActPedidos": true}'::jsonb where id = $1`, [
    bEmpresaId,
  ]);
  for (const recurso of ['pventa', 'dventa', 'aventa']) {
    bIds.set(`/api/ventas/${recurso}`, (await post(`/api/ventas/${recurso}/save`, doc)).Id);
  }
  bIds.set('/api/ventas/fventa', (await post('/api/ventas/fventa/save', { ...doc, Serie: serieId })).Id);
  // An issued invoice of B with a collection (movstesoreriac).
  const emitida = await post('/api/ventas/fventa/save', { ...doc, Serie: serieId });
  expect((await b.request('POST', `/api/ventas/fventa/emitir/${emitida.Id}`)).status).toBe(200);
  const cobro = await post('/api/tesoreria/movstesoreriac/save', {
    IdFactura: emitida.Id,
    Fecha: '2026-02-02',
    Importe: '1',
    IdTesoreria: cuentaId,
    Notas: SENTINEL,
  });
  bIds.set('/api/tesoreria/movstesoreriac', cobro.Id);
  await giveBRecurrentes(post, clienteB.Id, serieId);
}

/** Purchase documents of B (the engine's purchases side): an order, a delivery note, a draft invoice. */
async function giveBPurchaseDocuments(
  post: (path: string, body: Record<string, unknown>) => Promise<{ Id: number }>,
  productoId: number,
): Promise<void> {
  const proveedoresB = (await b.request('GET', '/api/compras/proveedores/list?TotalPagina=200')).body.Items;
  const proveedorB = proveedoresB.find((p: Record<string, unknown>) => p.Nombre === SENTINEL);
  await t.database.query(
    `update empresas set modulos = modulos || '{"ActPedidosCompra": true, "ActAlbaranesCompra": true}'::jsonb where id = $1`,
    [bEmpresaId],
  );
  const doc = {
    Proveedor: proveedorB.Id,
    Fecha: '2026-02-01',
    Observaciones: SENTINEL,
    NumFacturaProveedor: SENTINEL.slice(0, 50),
    Lineas: [{ IdProducto: productoId, Descripcion: SENTINEL, Cantidad: '1', Precio: '10', TipoIva: 'IVAB' }],
  };
  for (const recurso of ['dcompra', 'acompra', 'fcompra'])
    bIds.set(`/api/compras/${recurso}`, (await post(`/api/compras/${recurso}/save`, doc)).Id);
}

/** A recurring invoice template of B (fventarec) that already generated its two periods (historial). */
async function giveBRecurrentes(
  post: (path: string, body: Record<string, unknown>) => Promise<{ Id: number }>,
  clienteId: number,
  serieId: number,
): Promise<void> {
  await t.database.query(
    `update empresas set modulos = modulos || '{"ActFactRecurrentes": true}'::jsonb where id = $1`,
    [bEmpresaId],
  );
  const plantilla = await post('/api/ventas/fventarec/save', {
    Descripcion: SENTINEL,
    Observaciones: SENTINEL,
    Cliente: clienteId,
    Serie: serieId,
    Periodicidad: 'Mensual',
    FechaInicio: '2026-03-01',
    FechaFin: '2026-04-15',
    Accion: 'borrador',
    Lineas: [{ Descripcion: SENTINEL, Cantidad: '1', Precio: '10', TipoIva: 'IVAB' }],
  });
  const generadas = await b.request('POST', `/api/ventas/fventarec/generar/${plantilla.Id}`);
  expect(generadas.body.Generadas, JSON.stringify(generadas.body)).toHaveLength(2);
  bIds.set('/api/ventas/fventarec', plantilla.Id);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.as('demo', 'DEMO');
  b = await t.as('autoescuela', 'AUTOESCUELA');
  bEmpresaId = (await b.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
  // Give B a row in every resource, each carrying the sentinel.
  expect((await b.request('POST', '/api/configuracion/centros/save', { Val: 'CENTB', Desc: SENTINEL })).status).toBe(
    201,
  );
  expect((await b.request('POST', '/api/usuarios/roles/save', { Nombre: SENTINEL, Permisos: {} })).status).toBe(201);
  expect(
    (
      await b.request('POST', '/api/usuarios/usuarios/save', {
        UserName: 'usuario.b',
        Nombre: SENTINEL,
        Email: 'b@b.test',
        Roles: ['usuario'],
        FichajeActivo: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await b.request('POST', '/api/rrhh/fichajesusu/save', {
        Tipo: 'j',
        Origen: 'w',
        Latitud: 43.2627,
        Longitud: -2.9253,
      })
    ).status,
  ).toBe(200);
  await giveBMasterData();
  ctx = {
    t,
    a,
    b,
    bEmpresaId,
    sentinel: SENTINEL,
    bIds,
    postB: async (path, body) => {
      const res = await b.request('POST', path, body);
      expect([200, 201], `${path} ${JSON.stringify(res.body)}`).toContain(res.status);
      return res.body;
    },
  };
  for (const area of ISOLATION_AREAS) await area.seedB(ctx);
  for (const area of ISOLATION_AREAS) Object.assign(areaCallers, area.explicit?.(ctx) ?? {});
  for (const entity of ENTITY_LIST) {
    const base = `/api/${entity.area}/${entity.name}`;
    const list = await b.request('GET', `${base}/list?TotalPagina=200`);
    expect(list.status, base).toBe(200);
    const mine =
      list.body.Items.find((r: Record<string, unknown>) => JSON.stringify(r).includes(SENTINEL)) ?? list.body.Items[0];
    expect(mine, `B needs a row in ${base}`).toBeTruthy();
    bIds.set(base, mine.Id);
  }
  // VeriFactu: B's issued invoice has its registro de alta (carrying the sentinel as its description).
  const vf = (await b.request('GET', '/api/ventas/fventaverifactu/list')).body.Items[0];
  expect(vf, 'B needs a VeriFactu record').toBeTruthy();
  bIds.set('/api/ventas/fventaverifactu', vf.Id);
  bVfFactura = vf.IdFactura;
  // Every area gives B its rows here: minutes on a busy 2-core machine, not the default hook minute.
}, 240_000);
afterAll(() => t.close());

let ctx: IsolationContext;
/** The areas' own callers (platform/http/isolation/<area>.ts), filled once B has its rows. */
const areaCallers: Record<string, () => Promise<Answer>> = {};

type Caller = (route: RegisteredRoute) => Promise<{ status: number; body: unknown; expected?: number }>;

const CRUD_ID = /^(\/api\/[^/]+\/[^/]+)\/(edit|save|delete)\/:id$/;

/** How to call each route that takes parameters other than a CRUD :id, with B's values. */
const explicit: Record<string, Caller> = {
  // Several reference lists in one call: none of B's rows in any of them.
  'GET /api/listas': () =>
    a.request('GET', '/api/listas?incluir=clientes,proveedores,productos,fpago,series,tesoreria'),
  'GET /api/usuarios/usuario/cambiarempre/:id/web': () =>
    a.request('GET', `/api/usuarios/usuario/cambiarempre/${bEmpresaId}/web`),
  'GET /api/usuarios/usuario/cambiarcentro/:val': () => a.request('GET', '/api/usuarios/usuario/cambiarcentro/CENTB'),
  // Platform administration is cross-company by design: a company user gets 403 there.
  'GET /api/usuarios/administrador/admusuarios/list/:empresa': () =>
    a.request('GET', `/api/usuarios/administrador/admusuarios/list/${bEmpresaId}`),
  'POST /api/usuarios/administrador/admusuarios/desbloquear/:empresa/:id': () =>
    a.request('POST', `/api/usuarios/administrador/admusuarios/desbloquear/${bEmpresaId}/1`),
  'POST /api/usuarios/administrador/admusuarios/cambiarcontrasena/:empresa/:id': () =>
    a.request('POST', `/api/usuarios/administrador/admusuarios/cambiarcontrasena/${bEmpresaId}/1`, {
      NuevoPassword: 'Cambiada123',
    }),
  // Master data: B's lead, B's uploads, B's NIF and B's product through A's session.
  'POST /api/ventas/clientespot/convertir/:id': () =>
    a.request('POST', `/api/ventas/clientespot/convertir/${bIds.get('/api/ventas/clientespot')}`),
  ...Object.fromEntries(
    ['/api/ventas/clientes/importar', '/api/compras/proveedores/importar', '/api/catalogo/productos/importar'].flatMap(
      (base) => [
        [
          `POST ${base}/:id/previsualizar`,
          () => a.request('POST', `${base}/${bImports.get(base)}/previsualizar`, { Mapeo: { Nombre: 'Nombre' } }),
        ],
        [
          `POST ${base}/:id/confirmar`,
          () => a.request('POST', `${base}/${bImports.get(base)}/confirmar`, { Mapeo: { Nombre: 'Nombre' } }),
        ],
        [`DELETE ${base}/:id`, () => a.request('DELETE', `${base}/${bImports.get(base)}`)],
      ],
    ),
  ),
  ...Object.fromEntries(
    ['/api/ventas/clientes', '/api/ventas/clientespot', '/api/compras/proveedores'].map((base) => [
      `GET ${base}/duplicados`,
      () => a.request('GET', `${base}/duplicados?NIF=${B_NIF}`),
    ]),
  ),
  // Sales documents: B's documents through A's session.
  ...Object.fromEntries(
    ['pventa', 'dventa', 'aventa', 'fventa'].flatMap((r) => {
      const id = () => bIds.get(`/api/ventas/${r}`);
      const calls: [string, Caller][] = [
        [`GET /api/ventas/docventahist/${r}/:id`, () => a.request('GET', `/api/ventas/docventahist/${r}/${id()}`)],
        [`POST /api/ventas/${r}/anular/:id`, () => a.request('POST', `/api/ventas/${r}/anular/${id()}`)],
        [`GET /api/ventas/${r}/pdf/:id`, () => a.request('GET', `/api/ventas/${r}/pdf/${id()}`)],
        [`POST /api/ventas/${r}/enviar/:id`, () => a.request('POST', `/api/ventas/${r}/enviar/${id()}`, {})],
      ];
      if (r === 'fventa') {
        calls.push([
          'POST /api/ventas/fventa/emitir/:id',
          () => a.request('POST', `/api/ventas/fventa/emitir/${id()}`),
        ]);
        calls.push([
          'POST /api/ventas/fventa/rectificar/:id',
          () => a.request('POST', `/api/ventas/fventa/rectificar/${id()}`, { TipoRectificativa: 'R1', Modo: 'I' }),
        ]);
      } else {
        calls.push([
          `POST /api/ventas/${r}/convertir/:id`,
          () => a.request('POST', `/api/ventas/${r}/convertir/${id()}`, { Destino: 'fventa' }),
        ]);
      }
      return calls;
    }),
  ),
  // Purchase documents: B's documents through A's session.
  ...Object.fromEntries(
    ['dcompra', 'acompra', 'fcompra'].flatMap((r) => {
      const id = () => bIds.get(`/api/compras/${r}`);
      const calls: [string, Caller][] = [
        [`GET /api/compras/doccomprahist/${r}/:id`, () => a.request('GET', `/api/compras/doccomprahist/${r}/${id()}`)],
        [`POST /api/compras/${r}/anular/:id`, () => a.request('POST', `/api/compras/${r}/anular/${id()}`)],
        r === 'fcompra'
          ? [
              'POST /api/compras/fcompra/registrar/:id',
              () => a.request('POST', `/api/compras/fcompra/registrar/${id()}`),
            ]
          : [
              `POST /api/compras/${r}/convertir/:id`,
              () => a.request('POST', `/api/compras/${r}/convertir/${id()}`, { Destino: 'fcompra' }),
            ],
      ];
      return calls;
    }),
  ),
  // Recurring invoices: generate B's template now and read its history through A's session.
  'POST /api/ventas/fventarec/generar/:id': () =>
    a.request('POST', `/api/ventas/fventarec/generar/${bIds.get('/api/ventas/fventarec')}`),
  'GET /api/ventas/fventarec/historial/:id': () =>
    a.request('GET', `/api/ventas/fventarec/historial/${bIds.get('/api/ventas/fventarec')}`),
  // VeriFactu: B's record and invoice through A's session.
  ...Object.fromEntries(
    ['GET xml', 'POST subsanar'].map((k) => {
      const [method, action] = k.split(' ') as [string, string];
      return [
        `${method} /api/ventas/fventaverifactu/${action}/:id`,
        () => a.request(method, `/api/ventas/fventaverifactu/${action}/${bIds.get('/api/ventas/fventaverifactu')}`),
      ];
    }),
  ),
  'GET /api/ventas/fventaverifactu/factura/:id': () =>
    a.request('GET', `/api/ventas/fventaverifactu/factura/${bVfFactura}`),
  // Issued-invoice book over a period that holds B's issued invoice: none of B's rows may appear.
  ...Object.fromEntries(
    ['list', 'export'].map((op) => [
      `GET /api/impuestos/factemitidas/${op}`,
      () =>
        a.request(
          'GET',
          `/api/impuestos/factemitidas/${op}?Formato=html&Filtros=${encodeURIComponent('{"FechaDesde":"2000-01-01","FechaHasta":"2099-12-31"}')}`,
        ),
    ]),
  ),
  'GET /api/catalogo/tarifas/precio': () =>
    a.request('GET', `/api/catalogo/tarifas/precio?IdProducto=${bIds.get('/api/catalogo/productos')}`),
};

/** Routes that end the caller's own session: called last, on a throwaway session. */
const SELF_ENDING = new Set(['POST /api/usuarios/usuario/logout']);

function callerFor(route: RegisteredRoute): Caller | undefined {
  const key = `${route.method} ${route.url}`;
  if (explicit[key]) return explicit[key];
  if (areaCallers[key]) return areaCallers[key];
  const crud = CRUD_ID.exec(route.url);
  if (crud) {
    const [, base, action] = crud as unknown as [string, string, string];
    return async () => {
      const id = bIds.get(base);
      if (!id) throw new Error(`Sin id de B para ${base}`);
      if (action === 'save') {
        const original = await b.request('GET', `${base}/edit/${id}`);
        return a.request(route.method, `${base}/save/${id}`, { ...original.body, Baja: true });
      }
      return a.request(route.method, `${base}/${action}/${id}`);
    };
  }
  // Exports as HTML: plain text, so the sentinel check reads every exported value.
  if (route.url.endsWith('/export')) return () => a.request('GET', `${route.url}?Formato=html`);
  if (!route.url.includes(':')) {
    return async () => {
      const session = SELF_ENDING.has(key) ? await t.as('demo', 'DEMO') : a;
      return session.request(
        route.method,
        route.url,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
    };
  }
  return undefined;
}

describe('tenant isolation over every registered route', () => {
  it('knows how to call every route', () => {
    const unknown = t.deps.routes.filter((r) => !callerFor(r)).map((r) => `${r.method} ${r.url}`);
    expect(unknown, 'routes the isolation matrix does not cover: add them to `explicit`').toEqual([]);
  });

  it('answers 404 (or 403 on platform routes) for B’s ids and never shows B’s data to A', async () => {
    const results: string[] = [];
    for (const route of t.deps.routes) {
      const res = await callerFor(route)!(route);
      const key = `${route.method} ${route.url}`;
      const text = JSON.stringify(res.body ?? '');
      if (text.includes(SENTINEL)) results.push(`${key}: B's data leaked`);
      if (res.status >= 500) results.push(`${key}: ${res.status}`);
      const takesBId = route.url.includes(':');
      if (takesBId) {
        const expected = res.expected ?? (route.access.kind === 'admin' ? 403 : 404);
        if (res.status !== expected) results.push(`${key}: ${res.status}, expected ${expected}`);
      }
    }
    expect(results).toEqual([]);
  }, 240_000);

  it('left every row of B as it was', async () => {
    for (const [base, id] of bIds) {
      const res = await b.request('GET', `${base}/edit/${id}`);
      expect(res.status, base).toBe(200);
      if ('Baja' in res.body) expect(res.body.Baja, base).toBe(false);
    }
    const users = await b.request('GET', '/api/usuarios/usuarios/list');
    expect(JSON.stringify(users.body)).toContain(SENTINEL);
    const clock = await b.request('GET', '/api/rrhh/fichajesusu/list');
    expect(clock.body.Total).toBe(1);
    for (const [base, id] of bImports) {
      const preview = await b.request('POST', `${base}/${id}/previsualizar`, { Mapeo: {} });
      expect(preview.status, `${base} upload of B still there`).not.toBe(404);
    }
    const lead = await b.request('GET', `/api/ventas/clientespot/edit/${bIds.get('/api/ventas/clientespot')}`);
    expect(lead.body.IdCliente).toBeNull();
    expect((await b.request('GET', '/api/configuracion/empresa/logo')).status).toBe(200);
    for (const r of ['pventa', 'dventa', 'aventa', 'fventa']) {
      const doc = await b.request('GET', `/api/ventas/${r}/edit/${bIds.get(`/api/ventas/${r}`)}`);
      expect(doc.body.Estado, r).not.toBe('Anulada');
      expect(doc.body.Facturado, r).toBe(false);
    }
    const factura = await b.request('GET', `/api/ventas/fventa/edit/${bIds.get('/api/ventas/fventa')}`);
    expect(factura.body.Numero).toBeNull();
    for (const r of ['dcompra', 'acompra', 'fcompra']) {
      const doc = await b.request('GET', `/api/compras/${r}/edit/${bIds.get(`/api/compras/${r}`)}`);
      expect(doc.body.Estado, r).not.toBe('Anulada');
      expect(doc.body.Facturado, r).toBe(false);
    }
    const recibida = await b.request('GET', `/api/compras/fcompra/edit/${bIds.get('/api/compras/fcompra')}`);
    expect(recibida.body.Numero).toBeNull();
    const rec = await b.request('GET', `/api/ventas/fventarec/historial/${bIds.get('/api/ventas/fventarec')}`);
    expect(rec.body.Items).toHaveLength(2);
    for (const area of ISOLATION_AREAS) await area.verifyB?.(ctx);
  });

  it('an adviser who entered client A (DEMO) reaches none of B: not the company, not its rows, not its data', async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const demoId = (await a.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
    expect((await firma.request('POST', `/api/asesorias/aseempresas/entrar/${demoId}`)).status).toBe(200);
    const dentro = await firma.request('GET', `/api/usuarios/usuario/cambiarempre/${demoId}/web`);
    expect(dentro.status).toBe(200);
    const asesor = t.session(dentro.body.Token);
    expect((await firma.request('POST', `/api/asesorias/aseempresas/entrar/${bEmpresaId}`)).status).toBe(404);
    expect((await asesor.request('GET', `/api/usuarios/usuario/cambiarempre/${bEmpresaId}/web`)).status).toBe(404);
    const wrong: string[] = [];
    for (const [base, id] of bIds) {
      const edit = await asesor.request('GET', `${base}/edit/${id}`);
      if (edit.status !== 404 && edit.status !== 403) wrong.push(`${base}/edit: ${edit.status}`);
      const list = await asesor.request('GET', `${base}/list?TotalPagina=200`);
      if (JSON.stringify(list.body ?? '').includes(SENTINEL)) wrong.push(`${base}/list: B's data leaked`);
    }
    expect(wrong).toEqual([]);
  });
});
