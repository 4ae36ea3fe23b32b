import { expect } from 'vitest';
import type { Session, TestApp } from './testApp.ts';

/** A list's `Filtros` query value, as the browser sends it. */
export const filtrosUrl = (filtros: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filtros));

/** The id of the first row of a list that matches `filtros` (a demo master record by its code). */
export async function idDe(s: Session, ruta: string, filtros: Record<string, unknown>): Promise<number> {
  return (await s.request('GET', `${ruta}/list?Filtros=${filtrosUrl(filtros)}`)).body.Items[0].Id;
}

/** The first demo customer or supplier with a tax id: the parties an invoice can be issued to or registered from. */
export async function terceroConNif<T = { Id: number; NIF: string }>(
  s: Session,
  lista: 'ventas/clientes' | 'compras/proveedores',
): Promise<T> {
  const items: Array<{ NIF: string | null }> = (await s.request('GET', `/api/${lista}/list?TotalPagina=50`)).body.Items;
  return items.find((t) => t.NIF) as T;
}

/** A page of a document list (up to 200 rows) with `filtros`, checked to answer 200. */
export async function listaDocumentos<D>(s: Session, ruta: string, filtros: Record<string, unknown>, extra = '') {
  const res = await s.request('GET', `${ruta}/list?TotalPagina=200&Filtros=${filtrosUrl(filtros)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { Items: D[]; Total: number };
}

/** The id of a demo company by its code. */
export async function idEmpresa(t: TestApp, codigo = 'DEMO'): Promise<number> {
  const [e] = await t.database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]);
  if (!e) throw new Error(`No existe la empresa ${codigo}`);
  return Number(e.id);
}

/** DEMO's warehouses and products that the stock and document tests move: ids by a short name. */
export async function catalogoDemo(s: Session) {
  const almacen = (Codigo: string) => idDe(s, '/api/catalogo/almacenes', { Codigo });
  const producto = (Codigo: string) => idDe(s, '/api/catalogo/productos', { Codigo });
  return {
    central: await almacen('CENTRAL'),
    tienda: await almacen('TIENDA'),
    taladro: await producto('HER-001'),
    diferencial: await producto('ELE-002'),
    servicio: await producto('SER-001'),
  };
}

/** Creates a record through its API (`POST`, answered 201, else the test fails showing the answer); its id. */
export async function crear(s: Session, ruta: string, cuerpo: Record<string, unknown>): Promise<number> {
  const res = await s.request('POST', ruta, cuerpo);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.Id;
}

/** Numbered documents are gapless per series and year (1..n), and their numbers follow their dates. */
export function expectNumeracionCorrelativa(
  filas: Array<{ serie: number; anyo: number; numero: number; fecha: string }>,
) {
  const grupos = new Map<string, typeof filas>();
  for (const r of filas) grupos.set(`${r.serie}/${r.anyo}`, [...(grupos.get(`${r.serie}/${r.anyo}`) ?? []), r]);
  for (const [clave, g] of grupos) {
    expect(
      g.map((r) => r.numero),
      clave,
    ).toEqual(g.map((_, i) => i + 1));
    expect(
      g.map((r) => r.fecha),
      clave,
    ).toEqual([...g.map((r) => r.fecha)].sort());
  }
}
