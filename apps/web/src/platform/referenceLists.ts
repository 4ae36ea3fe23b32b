import { entityByName } from '@faro/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from './api/client.ts';
import { qk } from './queryKeys.ts';
import { useReady } from './session/SessionProvider.tsx';

/** A reference list row: value, description, Baja. */
export interface RefItem {
  value: string;
  label: string;
  baja: boolean;
}

interface RefSource {
  path: string;
  params?: Record<string, string | number>;
  map: (row: Record<string, unknown>) => RefItem;
}

/** The server's largest page (200 rows): reference lists are short catalogues. */
const REF_PAGE = { Pagina: 1, TotalPagina: 200 };

const byId = (label: string) => (r: Record<string, unknown>) => ({
  value: String(r.Id),
  label: String(r[label] ?? r.Id),
  baja: r.Baja === true,
});

/** A reference list read from an entity of the registry: its list, labelled by its title field. */
function fromEntity(name: string): RefSource {
  const entity = entityByName(name);
  if (!entity) throw new Error(`Unknown entity ${name}`);
  return { path: `${entity.area}/${entity.name}/list`, params: REF_PAGE, map: byId(entity.titleField) };
}

/**
 * The cached reference lists (spec section 3), kept by name for the session and invalidated when their entity is
 * edited (the entity key prefix). More lists join as their areas arrive.
 */
export const REFERENCE_LISTS = {
  roles: { path: 'usuarios/roles/list', params: REF_PAGE, map: byId('Nombre') },
  centros: { path: 'configuracion/centros/list', params: REF_PAGE, map: byId('Desc') },
  usuarios: { path: 'usuarios/usuarios/list', params: REF_PAGE, map: byId('UserName') },
  almacenes: fromEntity('almacenes'),
  clientes: fromEntity('clientes'),
  comerciales: fromEntity('comerciales'),
  contratos: fromEntity('contratos'),
  empleados: fromEntity('empleados'),
  familias: fromEntity('familias'),
  fpago: fromEntity('fpago'),
  gruposcto: fromEntity('gruposcto'),
  productos: fromEntity('productos'),
  segmentacion: fromEntity('segmentacion'),
  series: fromEntity('series'),
  sitlaboral: fromEntity('sitlaboral'),
  tarifas: fromEntity('tarifas'),
  tesoreria: fromEntity('tesoreria'),
  tiposiva: fromEntity('tiposiva'),
} satisfies Record<string, RefSource>;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;

export function isReferenceList(name: string): name is ReferenceListName {
  return Object.hasOwn(REFERENCE_LISTS, name);
}

export function useReferenceList(name: ReferenceListName) {
  const { info } = useReady();
  const source: RefSource = REFERENCE_LISTS[name];
  return useQuery({
    queryKey: qk.ref(info.IdEmpresa, name),
    queryFn: async () =>
      (
        await api.get<ListAnswer<Record<string, unknown>>>(source.path, { params: source.params, background: true })
      ).Items.map(source.map),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Selectors hide Baja entries unless currently selected. */
export function selectableItems(items: readonly RefItem[], selected: readonly string[]): RefItem[] {
  return items.filter((i) => !i.baja || selected.includes(i.value));
}

/** Calendar colours per event type (usuario/configcal), cached for the session. */
export interface CalendarColours {
  llamada: string;
  tarea: string;
  mensaje: string;
  reunion: string;
  otros: string;
}

export function useCalendarColours() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.company(info.IdEmpresa), 'configcal'],
    queryFn: () => api.get<CalendarColours>('usuarios/usuario/configcal', { background: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
