/**
 * The request-context cache. A context is kept per token (session, person, company, centre) together
 * with the versions read IN THE SAME STATEMENT as it (migration 0037: the person's version, moved by any committed
 * change of its sessions or its row; the company's context version, moved by its row, members, profiles, centres
 * and subscription). Every request still asks the database one cheap question — the session's revocation and the
 * current versions, by primary keys — and uses the kept context only while they are unchanged; otherwise it loads
 * the context again. So a logout, a revoked family, a password change, a lock, a changed profile or denial, a
 * removed member or a suspended company made by ANY server process on the same PostgreSQL takes effect on the very
 * next request of every process: there is no message that could arrive late or be missed (LISTEN/NOTIFY would
 * leave a window between the commit and the notice, and a connection lost in between would keep stale contexts).
 * The same question returns the company's documents version, which the lists use to keep their capped counts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sesiones } from '../db/schema.ts';
import type { AccessClaims } from './tokens.ts';

/** The versions a context (or a count) was read at. */
export interface Versiones {
  persona: number;
  contexto: number;
  documentos: number;
}

/**
 * Selected fields of a query FROM sesiones: the versions of the session's person and of a company (`emp`, -1 for
 * none). Written out with qualified names: Drizzle leaves columns of a one-table select unqualified.
 */
export function versionFields(emp: ReturnType<typeof sql.placeholder> | number) {
  return {
    vPersona:
      sql<number>`coalesce((select vp.v from versiones_persona vp where vp.persona_id = "sesiones"."persona_id"), 0)`.mapWith(
        Number,
      ),
    vContexto:
      sql<number>`coalesce((select ve.contexto from versiones_empresa ve where ve.empresa_id = ${emp}), 0)`.mapWith(
        Number,
      ),
    vDocumentos:
      sql<number>`coalesce((select ve.documentos from versiones_empresa ve where ve.empresa_id = ${emp}), 0)`.mapWith(
        Number,
      ),
  };
}

const checks = new WeakMap<Db, ReturnType<typeof buildCheck>>();
function buildCheck(db: Db) {
  return db
    .select({ revocada: sesiones.revocada, personaId: sesiones.personaId, ...versionFields(sql.placeholder('emp')) })
    .from(sesiones)
    .where(sql`${sesiones.id} = ${sql.placeholder('sid')}`)
    .prepare('faro_contexto_version');
}

export interface Comprobacion {
  /** The session exists, is not revoked and is the token's person's. */
  valida: boolean;
  versiones: Versiones;
}

/** The one query of a request whose context is kept: the session's state and the current versions. */
export async function comprobar(db: Db, claims: AccessClaims): Promise<Comprobacion> {
  let q = checks.get(db);
  if (!q) {
    q = buildCheck(db);
    checks.set(db, q);
  }
  const [row] = await q.execute({ sid: claims.sid, emp: claims.emp ?? -1 });
  if (!row) return { valida: false, versiones: { persona: -1, contexto: -1, documentos: -1 } };
  return {
    valida: !row.revocada && row.personaId === claims.sub,
    versiones: { persona: row.vPersona, contexto: row.vContexto, documentos: row.vDocumentos },
  };
}

interface Entrada {
  /** A RequestContext (context.ts imports this file: no import back). */
  ctx: object;
  persona: number;
  contexto: number;
}

/** Contexts kept per database handle (one app per handle), at most MAX (the oldest kept is dropped first). */
const MAX = 10_000;
const caches = new WeakMap<Db, Map<string, Entrada>>();

export const claveDe = (c: AccessClaims) => `${c.sid}|${c.sub}|${c.emp ?? ''}|${c.cen ?? ''}`;

function cacheOf(db: Db): Map<string, Entrada> {
  let m = caches.get(db);
  if (!m) {
    m = new Map();
    caches.set(db, m);
  }
  return m;
}

/** Whether a context of this token is kept (then one check query decides whether it is still current). */
export function hayContexto(db: Db, clave: string): boolean {
  return caches.get(db)?.has(clave) === true;
}

/** The kept context of a token, if it was read at exactly these versions (else it is dropped). */
export function contextoGuardado<C extends object>(db: Db, clave: string, v: Versiones): C | undefined {
  const m = caches.get(db);
  const e = m?.get(clave);
  if (!e) return undefined;
  if (e.persona === v.persona && e.contexto === v.contexto) return e.ctx as C;
  m!.delete(clave);
  return undefined;
}

export function guardarContexto(db: Db, clave: string, ctx: object, v: Versiones): void {
  const m = cacheOf(db);
  m.delete(clave);
  m.set(clave, { ctx, persona: v.persona, contexto: v.contexto });
  if (m.size > MAX) m.delete(m.keys().next().value as string);
}

/** Forgets every kept context of a handle (tests; a restored backup). */
export function olvidarContextos(db: Db): void {
  caches.get(db)?.clear();
}
