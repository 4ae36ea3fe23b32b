import { type EntityDef, type FieldDef, formatNumber, hasBaja } from '@faro/domain';
import type { Params } from '../../platform/api/client.ts';

/** Active flag filter (spec section 4): false = Activo, true = Anulado; 'todos' sends no Baja filter. */
export type BajaFilter = 'false' | 'true' | 'todos';

/** The state of a list screen, kept in the URL so it survives a reload and can be shared. */
export interface ListState {
  pagina: number;
  orden: string;
  desc: boolean;
  buscar: string;
  /** Filter values by Filtros key (Campo, CampoDesde, CampoHasta), as URL text. */
  filtros: Record<string, string>;
  baja: BajaFilter;
}

export const PAGE_SIZE = 50;
const RESERVED = new Set(['pagina', 'orden', 'desc', 'buscar', 'baja']);

/** The Filtros keys a field offers: a range for dates, the field itself otherwise; none for Baja and json. */
export function filterKeys(name: string, def: FieldDef): string[] {
  if (!def.filter || def.kind === 'inactive' || def.kind === 'json') return [];
  if (def.kind === 'date' || def.kind === 'datetime') return [`${name}Desde`, `${name}Hasta`];
  return [name];
}

export function filterFields(entity: EntityDef): [string, FieldDef][] {
  return Object.entries(entity.fields).filter(([n, d]) => filterKeys(n, d).length > 0);
}

export function searchable(entity: EntityDef): boolean {
  return Object.values(entity.fields).some((f) => f.search);
}

export function readListState(params: URLSearchParams, entity: EntityDef): ListState {
  const keys = new Set(filterFields(entity).flatMap(([n, d]) => filterKeys(n, d)));
  const filtros: Record<string, string> = {};
  for (const [k, v] of params) if (!RESERVED.has(k) && keys.has(k) && v !== '') filtros[k] = v;
  const orden = params.get('orden');
  const baja = params.get('baja');
  return {
    pagina: Math.max(1, Math.floor(Number(params.get('pagina'))) || 1),
    orden: orden && entity.fields[orden]?.sortable ? orden : entity.defaultOrder,
    desc: params.get('desc') === '1',
    buscar: params.get('buscar') ?? '',
    filtros,
    baja: baja === 'true' || baja === 'todos' ? baja : 'false',
  };
}

/** The URL of a state, defaults omitted. Other query parameters (e.g. tipomov) are kept. */
export function writeListState(state: ListState, entity: EntityDef, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const known = new Set(filterFields(entity).flatMap(([n, d]) => filterKeys(n, d)));
  if (keep) for (const [k, v] of keep) if (!RESERVED.has(k) && !known.has(k)) out.set(k, v);
  if (state.pagina > 1) out.set('pagina', String(state.pagina));
  if (state.orden !== entity.defaultOrder) out.set('orden', state.orden);
  if (state.desc) out.set('desc', '1');
  if (state.buscar) out.set('buscar', state.buscar);
  if (state.baja !== 'false' && hasBaja(entity)) out.set('baja', state.baja);
  for (const [k, v] of Object.entries(state.filtros)) if (v !== '') out.set(k, v);
  return out;
}

function typed(def: FieldDef, text: string): unknown {
  switch (def.kind) {
    case 'boolean':
      return text === 'true';
    case 'integer':
    case 'minutes':
    case 'reference':
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 'decimal':
    case 'money':
    case 'percent':
      return text.replace(',', '.');
    default:
      return text;
  }
}

/** The `Filtros` object of the list call: Buscar, Campo, CampoDesde/CampoHasta, Baja. */
export function filtrosOf(state: ListState, entity: EntityDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (state.buscar.trim()) out.Buscar = state.buscar.trim();
  for (const [name, def] of filterFields(entity)) {
    for (const key of filterKeys(name, def)) {
      const v = state.filtros[key];
      if (v !== undefined && v !== '') out[key] = typed(def, v);
    }
  }
  if (hasBaja(entity) && state.baja !== 'todos') out.Baja = state.baja === 'true';
  return out;
}

/** Query parameters of `GET list` (spec section 7): Pagina, TotalPagina, Filtros (JSON), Orden, Descendente. */
export function listParams(state: ListState, entity: EntityDef, pageSize = PAGE_SIZE): Params {
  return {
    Pagina: state.pagina,
    TotalPagina: pageSize,
    Filtros: JSON.stringify(filtrosOf(state, entity)),
    Orden: state.orden,
    Descendente: state.desc,
  };
}

/** "1.234 registros", and "10.000+" when the server capped the count. */
export function totalText(total: number, limited = false): string {
  const n = formatNumber(total, 0);
  if (limited) return `${n}+`;
  return `${n} ${total === 1 ? 'registro' : 'registros'}`;
}
