import type { Session } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';

/** The ledger's API, as the accounting and treasury tests read it back. */
export const LIBRO = '/api/impuestos/contabilidad/libro';

/** Every entry of the journal for `periodo` (`FechaDesde=…&FechaHasta=…`), page after page. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read entries as loose JSON or type them themselves
export async function leerDiario<E = any>(s: Session, periodo: string): Promise<E[]> {
  const out: E[] = [];
  for (let n = 1; ; n++) {
    const r = cuerpo(await s.request('GET', `${LIBRO}/diario?${periodo}&Pagina=${n}`));
    out.push(...r.Asientos);
    if (!r.HayMas) return out;
  }
}

/** The entries a document or event wrote (`Origen` + `IdOrigen`). */
export const asientosDe = <E extends { Origen: string; IdOrigen: number | null }>(
  asientos: E[],
  origen: string,
  id: number,
) => asientos.filter((a) => a.Origen === origen && a.IdOrigen === id);

/** A numbering series of its own for a test file's documents (`<Codigo>-` prefix); returns its id. */
export async function crearSerie(
  s: Session,
  Codigo: string,
  TipoDocumento: string,
  Descripcion: string,
): Promise<number> {
  const body = { Codigo, Descripcion, TipoDocumento, Prefijo: `${Codigo}-` };
  return cuerpo(await s.request('POST', '/api/configuracion/series/save', body), 201).Id;
}
