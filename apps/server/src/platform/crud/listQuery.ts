import { z } from 'zod';
import { badRequest } from '../http/errors.ts';
import { assertCleanInput } from '../http/inputGuard.ts';

export const MAX_PAGE_SIZE = 200;
/** Rows counted at most: beyond it the list says "10.000+" instead of scanning the whole table. */
export const COUNT_CAP = 10_000;
/** Deepest row a page may start at; past it the user narrows the filters (bounded offset). */
export const MAX_OFFSET = 10_000;

export const listQuerySchema = z.object({
  Pagina: z.coerce.number().int().min(1).default(1),
  TotalPagina: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  Filtros: z.string().optional(),
  Orden: z.string().optional(),
  Descendente: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export interface ListQuery {
  Pagina: number;
  TotalPagina: number;
  Filtros: Record<string, unknown>;
  Orden?: string;
  Descendente: boolean;
}

export interface ListResult<Row = Record<string, unknown>> {
  Items: Row[];
  Total: number;
  TotalLimitado: boolean;
}

/**
 * Names every plain object answers through its prototype (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`…). Lists look their order and filter keys up in plain objects (`ORDERABLE[query.Orden]`,
 * `entity.fields[key]`): refusing these names here keeps every list, present and future, from reaching
 * Object.prototype through a client's key.
 */
export const isPrototypeName = (key: string): boolean => key in Object.prototype;

export function parseListQuery(query: unknown): ListQuery {
  const parsed = listQuerySchema.safeParse(query);
  if (!parsed.success) throw badRequest('Los parámetros de la lista no son válidos');
  const { Filtros, ...rest } = parsed.data;
  let filtros: Record<string, unknown> = {};
  if (Filtros) {
    try {
      filtros = JSON.parse(Filtros);
    } catch {
      throw badRequest('Los filtros no tienen un formato válido');
    }
    if (!filtros || typeof filtros !== 'object' || Array.isArray(filtros)) {
      throw badRequest('Los filtros no tienen un formato válido');
    }
    // The edge saw Filtros as text: its escapes (\u0000, lone surrogates) only show once parsed.
    assertCleanInput(filtros, 'url');
    for (const key of Object.keys(filtros)) {
      const field = /^(.*)(Desde|Hasta)$/.exec(key)?.[1];
      if (isPrototypeName(key) || (field && isPrototypeName(field))) throw badRequest(`El filtro ${key} no existe`);
    }
  }
  if (rest.Orden !== undefined && isPrototypeName(rest.Orden)) {
    throw badRequest(`No se puede ordenar por ${rest.Orden}`);
  }
  // The spec's calendar period fields are removed from Filtros by the client; ignore them if they arrive.
  for (const k of ['PeriodoTipo', 'PeriodoPer', 'PeriodoAnyo']) delete filtros[k];
  if ((rest.Pagina - 1) * rest.TotalPagina >= MAX_OFFSET) {
    throw badRequest('Hay demasiados resultados para llegar a esa página: afina los filtros');
  }
  return { ...rest, Filtros: filtros };
}
