import type { Params } from './api/client.ts';

/**
 * Every query key starts with the company id, so a company switch can never show another company's cache.
 * Mutations invalidate `entity(company, name)`, which covers its lists, rows and reference list.
 */
export const qk = {
  company: (company: number) => ['empresa', company] as const,
  entity: (company: number, name: string) => ['empresa', company, name] as const,
  list: (company: number, name: string, params: Params) => ['empresa', company, name, 'lista', params] as const,
  row: (company: number, name: string, id: string | number) => ['empresa', company, name, 'fila', String(id)] as const,
  ref: (company: number, name: string) => ['empresa', company, name, 'ref'] as const,
  fichajes: (company: number, page: number) => ['empresa', company, 'fichajes', page] as const,
  datosEmpresa: (company: number) => ['empresa', company, 'datosempresa'] as const,
};
