/** Rows of a raw statement on either driver (node-postgres and PGlite answer `{ rows }`). */
export function filas<R = Record<string, unknown>>(result: unknown): R[] {
  if (Array.isArray(result)) return result;
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  return [];
}

/** A bounded page of a list query (`Pagina`, `TotalPagina`). */
export const pagina = (q: { Pagina: number; TotalPagina: number }) =>
  ` limit ${Math.trunc(q.TotalPagina)} offset ${Math.trunc((q.Pagina - 1) * q.TotalPagina)}`;
