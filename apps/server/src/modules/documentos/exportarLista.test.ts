import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * 'Exportar' on the invoice lists ("Facturas", "Facturas y gastos"…): `{recurso}/export` writes exactly the rows the
 * list shows for the same filters and order, every page of them.
 */
const q = (filtros: Record<string, unknown>) => `Filtros=${encodeURIComponent(JSON.stringify(filtros))}`;

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

/** Every row of the list (all its pages): the numbers in the list's order. */
async function numerosDeLaLista(base: string, filtros: Record<string, unknown>) {
  const out: string[] = [];
  for (let pagina = 1; ; pagina++) {
    const r = await demo.request('GET', `${base}/list?${q(filtros)}&Pagina=${pagina}&TotalPagina=200`);
    expect(r.status).toBe(200);
    out.push(...r.body.Items.map((d: { NumSerie: string | null }) => d.NumSerie ?? ''));
    if (r.body.Items.length < 200) return { numeros: out, total: r.body.Total as number };
  }
}

/** The first cell (Número) of every body row of an HTML export. */
const numerosDelFichero = (html: string) =>
  [...(html.split('<tbody>')[1] ?? '').matchAll(/<tr><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]!);

const CASOS = [
  { base: '/api/ventas/fventa', filtros: { EstadoCobro: 'Cobrado' } },
  { base: '/api/ventas/fventa', filtros: { Estado: 'Emitida', FechaDesde: '2026-01-01', FechaHasta: '2026-06-30' } },
  { base: '/api/compras/fcompra', filtros: { EstadoPago: 'Pendiente' } },
  { base: '/api/compras/fcompra', filtros: { Buscar: 'no-existe-ninguna' } },
];

describe('list exports', () => {
  it.each(CASOS)('$base with $filtros: the file has the list rows, in its order', async ({ base, filtros }) => {
    const lista = await numerosDeLaLista(base, filtros);
    const r = await demo.request('GET', `${base}/export?Formato=html&${q(filtros)}`);
    expect(r.status).toBe(200);
    expect(Number(r.headers['x-total-registros'])).toBe(lista.total);
    expect(numerosDelFichero(String(r.body))).toEqual(lista.numeros);
  });

  it('the filters narrow the file (a filtered export is not the whole list) and xlsx is a spreadsheet', async () => {
    const todas = await demo.request('GET', '/api/ventas/fventa/export?Formato=html');
    const cobradas = await demo.request(
      'GET',
      `/api/ventas/fventa/export?Formato=html&${q({ EstadoCobro: 'Cobrado' })}`,
    );
    const n = (x: { headers: Record<string, unknown> }) => Number(x.headers['x-total-registros']);
    expect(n(cobradas)).toBeGreaterThan(0);
    expect(n(cobradas)).toBeLessThan(n(todas));
    const xlsx = await demo.request('GET', `/api/compras/fcompra/export?${q({ EstadoPago: 'Pagado' })}`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    expect(String(xlsx.headers['content-disposition'])).toMatch(/fcompra-\d{4}-\d{2}-\d{2}\.xlsx/);
    const mal = await demo.request('GET', '/api/ventas/fventa/export?Formato=doc');
    expect(mal.status).toBe(400);
    expect(mal.body.Mensaje).toBe('El formato de exportación debe ser xlsx, ods, pdf o html');
  });

  it('the treasury movements export has the list rows for its filters, in its order, with their balances', async () => {
    const filtros = { Tipo: 'manual' };
    const lista = await demo.request('GET', `/api/tesoreria/movstesoreria/list?${q(filtros)}&TotalPagina=200`);
    expect(lista.body.Total).toBeGreaterThan(0);
    expect(lista.body.Total).toBeLessThan(200);
    const r = await demo.request('GET', `/api/tesoreria/movstesoreria/export?Formato=html&${q(filtros)}`);
    expect(r.status).toBe(200);
    const filas = [...(String(r.body).split('<tbody>')[1] ?? '').matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]!),
    );
    expect(filas.map((c) => c[3])).toEqual(
      lista.body.Items.map((m: { Descripcion: string }) => m.Descripcion.replace(/&/g, '&amp;')),
    );
    expect(filas.every((c) => c[2] === 'Movimiento')).toBe(true);
  });
});
