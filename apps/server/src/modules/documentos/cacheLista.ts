/**
 * The documents lists' caches: capped counts and whole answers of a page, per company and request, kept
 * at the company's documents version (migration 0037: any committed insert, update or delete of the company's sales
 * or purchase documents moves it). The version comes with the request's context check (auth/contextCache.ts), read
 * BEFORE the list's own queries: an entry is kept at a version no newer than its data, and used only while a later
 * request reads that same version, i.e. while no document of the company has changed in any server process.
 */
export interface CacheLista<V> {
  get(clave: string, version: number): V | undefined;
  set(clave: string, version: number, valor: V): void;
  clear(): void;
}

/** A bounded map (the oldest entry goes first) of values kept at a version. */
export function cacheLista<V>(max: number): CacheLista<V> {
  const m = new Map<string, { version: number; valor: V }>();
  return {
    get(clave, version) {
      const e = m.get(clave);
      if (!e) return undefined;
      if (e.version === version) return e.valor;
      m.delete(clave);
      return undefined;
    },
    set(clave, version, valor) {
      m.delete(clave);
      m.set(clave, { version, valor });
      if (m.size > max) m.delete(m.keys().next().value as string);
    },
    clear: () => m.clear(),
  };
}

/**
 * The caches of one app (one server process, one database handle): made by `registrarRutasDocumentos`, so two apps
 * in one process (tests of several processes) or on two databases never share entries.
 */
export interface CachesLista {
  /** Capped counts per company, side, kinds and filters. */
  cuentas: CacheLista<number>;
  /** Whole JSON answers of list pages, as UTF-8 bytes (sent as they are: no encoding per request). */
  paginas: CacheLista<Buffer>;
}

export function cachesLista(): CachesLista {
  return { cuentas: cacheLista<number>(5000), paginas: cacheLista<Buffer>(500) };
}

/** Pages larger than this are not kept (200-row pages of long texts). */
export const MAX_PAGINA_GUARDADA = 512 * 1024;
/** Switch for the bench (the uncached figures beside the cached ones) and for tests. */
export const cachePaginas = { activa: true };
