import { type EntityDef, entityByName, levelIn, listOfCompany, lookupReaders } from '@faro/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api/client.ts';
import { qk } from './queryKeys.ts';
import { readStoredList, storeList } from './referenceCache.ts';
import { useReady } from './session/SessionProvider.tsx';
import type { SessionInfo } from './session/types.ts';

/** A reference list row: value, description, Baja. */
export interface RefItem {
  value: string;
  label: string;
  baja: boolean;
}

interface RefSource {
  map: (row: Record<string, unknown>) => RefItem;
}

const byId = (label: string) => (r: Record<string, unknown>) => ({
  value: String(r.Id),
  label: String(r[label] ?? r.Id),
  baja: r.Baja === true,
});

/**
 * A reference list read from an entity of the registry: its lookup (readable by whoever sees a screen showing the
 * list, which managing it is not; asked through `listas`, below), labelled by its title field.
 */
function fromEntity(name: string): RefSource & { entity: EntityDef } {
  const entity = entityByName(name);
  if (!entity) throw new Error(`Unknown entity ${name}`);
  return { entity, map: byId(entity.titleField) };
}

/** A list of people labelled by full name: `Nombre Apellidos` (academy students, tutors, teachers). */
function peopleFromEntity(name: string): RefSource & { entity: EntityDef } {
  return {
    ...fromEntity(name),
    map: (r) => ({
      value: String(r.Id),
      label: [r.Nombre, r.Apellidos].filter((x) => typeof x === 'string' && x).join(' ') || String(r.Id),
      baja: r.Baja === true,
    }),
  };
}

/**
 * The cached reference lists (spec section 3), kept by name: in memory for the session (invalidated when their
 * entity is edited: the entity key prefix) and in local storage across sessions (`referenceCache.ts`). More lists
 * join as their areas arrive.
 */
export const REFERENCE_LISTS = {
  roles: fromEntity('roles'),
  centros: fromEntity('centros'),
  usuarios: fromEntity('usuarios'),
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
  // Academy
  aulas: fromEntity('aulas'),
  cursos: fromEntity('cursos'),
  profesores: peopleFromEntity('profesores'),
  tutores: peopleFromEntity('tutores'),
  alumnos: peopleFromEntity('alumnos'),
  tarifascurso: fromEntity('tarifascurso'),
  opciones: fromEntity('opciones'),
} satisfies Record<string, RefSource & { entity: EntityDef }>;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;

export function isReferenceList(name: string): name is ReferenceListName {
  return Object.hasOwn(REFERENCE_LISTS, name);
}

/**
 * Whether the screens may ask for the list: the company has its module (a trading company never asks for courses,
 * rooms or tutors) and the user sees a screen that shows it (the server's lookup access, domain `lookupReaders`).
 */
export function canReadList(info: SessionInfo, name: ReferenceListName, centro?: string): boolean {
  const { entity } = REFERENCE_LISTS[name];
  return listOfCompany(entity, info) && lookupReaders(entity).some((code) => levelIn(info, code, centro) >= 1);
}

type Row = Record<string, unknown>;

/** The lists asked in the same moment, per company, waiting for their one call. */
const batches = new Map<number, { names: Set<string>; answer: Promise<Record<string, Row[]>> }>();

/**
 * One `GET listas?incluir=a,b,c` for every list asked before the next task: the selectors, filters and cells a
 * screen mounts at once (and the prefetch after sign-in) share a single call instead of one lookup each. A list the
 * server leaves out (not readable, module off) answers empty.
 */
export function askList(empresa: number, name: string): Promise<Row[]> {
  let batch = batches.get(empresa);
  if (!batch) {
    const names = new Set<string>();
    const answer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      batches.delete(empresa);
      const r = await api.get<{ Listas: Record<string, Row[]> }>('listas', {
        params: { incluir: [...names].sort().join(',') },
        background: true,
        silent: true,
      });
      return r.Listas ?? {};
    });
    batch = { names, answer };
    batches.set(empresa, batch);
  }
  batch.names.add(name);
  return batch.answer.then((listas) => (Object.hasOwn(listas, name) ? (listas[name] ?? []) : []));
}

/**
 * The query of a reference list: a background, silent call (a lookup the user did not ask for never shows the
 * overlay nor a toast; a screen without it shows ids), stored locally by name when it answers. Kept for the session
 * (staleTime infinite; an edit of the entity invalidates it).
 */
export function referenceListQuery(info: SessionInfo, name: ReferenceListName) {
  const source: RefSource = REFERENCE_LISTS[name];
  return queryOptions({
    queryKey: qk.ref(info.IdEmpresa, name),
    queryFn: async () => {
      const rows = await askList(info.IdEmpresa, name);
      storeList(info.IdEmpresa, info.UserName, name, rows);
      return rows.map(source.map);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useReferenceList(name: ReferenceListName) {
  const { info, centro } = useReady();
  const source: RefSource = REFERENCE_LISTS[name];
  const readable = canReadList(info, name, centro);
  return useQuery({
    ...referenceListQuery(info, name),
    enabled: readable,
    // The list kept locally paints at once while the lookup is asked again (once per session).
    placeholderData: () =>
      readStoredList<Record<string, unknown>>(info.IdEmpresa, info.UserName, name)?.map(source.map),
  });
}

/** How often the prefetch looks again whether the screen's own calls are done, and for how long at most. */
const QUIET_POLL_MS = 500;
const QUIET_MAX_MS = 30_000;

/**
 * After sign-in, once the screen's own calls are answered and the browser is idle: the reference lists the user may
 * read of the modules the company has, in one call (`listas`), so the first visit of a screen finds them cached and
 * the lookups never compete with the data a person is waiting for.
 */
export function usePrefetchReferenceLists(): void {
  const { info, centro } = useReady();
  const client = useQueryClient();
  useEffect(() => {
    const names = (Object.keys(REFERENCE_LISTS) as ReferenceListName[]).filter((n) => canReadList(info, n, centro));
    const start = () => {
      for (const name of names) void client.prefetchQuery(referenceListQuery(info, name)).catch(() => {});
    };
    const w = window as Window & { requestIdleCallback?: (cb: () => void) => number };
    let timer: ReturnType<typeof setTimeout>;
    const whenQuiet = (waited: number) => {
      timer = setTimeout(
        () => {
          if (client.isFetching() > 0 && waited < QUIET_MAX_MS) whenQuiet(waited + QUIET_POLL_MS);
          else if (w.requestIdleCallback) w.requestIdleCallback(start);
          else start();
        },
        waited === 0 ? 1500 : QUIET_POLL_MS,
      );
    };
    whenQuiet(0);
    return () => clearTimeout(timer);
  }, [info, centro, client]);
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
