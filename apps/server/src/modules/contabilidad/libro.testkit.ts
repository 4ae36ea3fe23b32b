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

/** Saves a draft (`<ruta>/save`) and issues or registers it (`<ruta>/<paso>/:id`): the document as then answered. */
export async function documentoFirme(
  s: Session,
  ruta: string,
  paso: 'emitir' | 'registrar',
  borrador: Record<string, unknown>,
) {
  const b = cuerpo(await s.request('POST', `${ruta}/save`, borrador), 201);
  return cuerpo(await s.request('POST', `${ruta}/${paso}/${b.Id}`), 200);
}

/** The demo's first treasury account, or a cash box made for the test when it has none. */
export async function cuentaTesoreria(s: Session): Promise<number> {
  const cuentas = (await s.request('GET', '/api/tesoreria/tesoreria/list')).body.Items;
  if (cuentas[0]) return cuentas[0].Id;
  const caja = { Codigo: 'CAJA', Nombre: 'Caja', Tipo: 'caja' };
  return cuerpo(await s.request('POST', '/api/tesoreria/tesoreria/save', caja), 201).Id;
}

/** Settles a whole invoice on `Fecha`: a collection of a sale (`movstesoreriac`) or a payment of a purchase (`…p`). */
export async function liquidar(
  s: Session,
  movimientos: 'movstesoreriac' | 'movstesoreriap',
  factura: { Id: number; Total: string },
  Fecha: string,
  IdTesoreria: number,
) {
  const movimiento = { IdFactura: factura.Id, Fecha, Importe: factura.Total, IdTesoreria };
  return cuerpo(await s.request('POST', `/api/tesoreria/${movimientos}/save`, movimiento), 201);
}
