import { entityByAction, splitPath } from '@faro/domain';
import { hoy, trimestre, trimestreDe } from '../features/cobros/cobrosModel.ts';
import { modeloDelEnlace } from '../features/impuestos/modelosModel.ts';
import type { Params } from '../platform/api/client.ts';
import { apiBase } from '../ui/entityPaths.ts';
import { listParams, readListState } from '../ui/list/listState.ts';
import { AREA_SCREENS } from './areaScreens.ts';

/** A GET a screen makes as soon as it shows, before any answer: its path and parameters, as the screen asks them. */
export interface PrimeraLlamada {
  path: string;
  params?: Params;
}

type Llamadas = (busqueda: URLSearchParams) => PrimeraLlamada[];

/** The document lists open on the newest first, 50 a page, without filters (a link with filters is not guessed). */
const listaDocumentos =
  (path: string): Llamadas =>
  (busqueda) =>
    busqueda.toString() !== ''
      ? []
      : [{ path, params: { Pagina: 1, TotalPagina: 50, Filtros: '{}', Orden: 'Fecha', Descendente: true } }];

/** The invoice books open on the current quarter, 100 a page. */
const libro =
  (path: string): Llamadas =>
  () => {
    const { anyo, t } = trimestreDe(hoy());
    return [{ path, params: { Pagina: 1, TotalPagina: 100, Filtros: JSON.stringify(trimestre(anyo, t)) } }];
  };

/**
 * The first calls of the office's key screens by route action (the bespoke screens; the generic entity lists are
 * derived below). Each entry mirrors what its screen asks on mount, which `primerasLlamadas.test.tsx` checks by
 * rendering the screen: a wrong guess would be one more call, never wrong data.
 */
const POR_ACCION: Record<string, Llamadas> = {
  '': () => [{ path: 'informes/panel' }],
  fventa: listaDocumentos('ventas/fventa/list'),
  fcompra: listaDocumentos('compras/fcompra/list'),
  factemitidas: libro('impuestos/factemitidas/list'),
  factrecibidas: libro('impuestos/factrecibidas/list'),
  modtributarios: (busqueda) => {
    const { modelo, anyo, periodo } = modeloDelEnlace(busqueda);
    return [
      { path: `impuestos/modtributarios/calcular/${modelo}/${anyo}/${periodo}` },
      { path: 'impuestos/modtributarios/presentados/list', params: { Anyo: String(anyo) } },
    ];
  },
  movstesoreria: (busqueda) => {
    const pestana = busqueda.get('pestana');
    if (pestana === 'cuentas') return [{ path: 'tesoreria/movstesoreria/saldos' }];
    if (pestana === 'extractos')
      return [
        { path: 'tesoreria/reglasconciliacion/list' },
        { path: 'tesoreria/extractos/list', params: { Pagina: 1, TotalPagina: 50 } },
      ];
    return [];
  },
  remesas: (busqueda) =>
    busqueda.has('pestana') ? [] : [{ path: 'tesoreria/remesas/list', params: { Pagina: 1, TotalPagina: 100 } }],
  aseempresas: () => [{ path: 'asesorias/calendario' }, { path: 'asesorias/aseempresas/list' }],
};

/**
 * The GETs the screen of a path makes before any answer arrives, so a page load can ask them beside the company
 * context (`app/contextoTemprano.ts`) instead of after it, the shell and the screen's chunk. Only list views:
 * '/' and `{action}/lista`; an unknown route asks nothing ahead.
 */
export function primerasLlamadas(pathname: string, search: string): PrimeraLlamada[] {
  const [action = '', vista, ...resto] = splitPath(pathname);
  if (action !== '' && (vista !== 'lista' || resto.length > 0)) return [];
  const busqueda = new URLSearchParams(search);
  const propias = Object.hasOwn(POR_ACCION, action) ? POR_ACCION[action] : undefined;
  if (propias) return propias(busqueda);
  // A generic entity list (no bespoke screen): the list call EntityListPage makes from the URL.
  const entity = Object.hasOwn(AREA_SCREENS, action) ? undefined : entityByAction(action);
  if (!entity || ['configura', 'empresa', 'usuario'].includes(action)) return [];
  return [{ path: `${apiBase(entity)}/list`, params: listParams(readListState(busqueda, entity), entity) }];
}
