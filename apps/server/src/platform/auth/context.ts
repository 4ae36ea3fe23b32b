import {
  isPermissionCode,
  MODULE_FLAG_LIST,
  type ModuleFlag,
  PERMISSION_CODE_LIST,
  type PermissionCode,
  type PermissionLevel,
  type Rol,
} from '@faro/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { centrosTable, empresas, miembros, personas, rolesTable, sesiones, suscripciones } from '../db/schema.ts';
import { type Versiones, versionFields } from './contextCache.ts';
import type { AccessClaims } from './tokens.ts';

export type EmpresaRow = typeof empresas.$inferSelect;
export type MiembroRow = typeof miembros.$inferSelect;

/** Who is calling, resolved from the verified token only. */
export interface RequestContext {
  personaId: number;
  userName: string;
  nombre: string;
  esAdmin: boolean;
  sesionId: number;
  empresa: EmpresaRow | null;
  miembro: MiembroRow | null;
  centro: string | null;
  roles: Rol[];
  /** Effective levels: profile levels with company and centre denials applied. */
  permisos: Record<PermissionCode, PermissionLevel>;
  modulos: Record<ModuleFlag, boolean>;
  /** The company is suspended (read with the context on every request, so every server process sees it at once). */
  suspendida?: boolean;
}

const CONF_CODES: PermissionCode[] = ['ConfEmpresa', 'ConfUsuarios', 'ConfRoles', 'ConfAuditoria', 'ConfCentros'];

/** The member's own levels before denials: owners have everything; a profile decides for the rest. */
export function memberLevels(
  miembro: Pick<MiembroRow, 'propietario' | 'roles'>,
  perfil: Record<string, number> | null | undefined,
): Record<PermissionCode, PermissionLevel> {
  const levels = {} as Record<PermissionCode, PermissionLevel>;
  const roles = miembro.roles as Rol[];
  for (const code of PERMISSION_CODE_LIST) {
    let level: number;
    if (miembro.propietario) level = 3;
    else if (perfil) level = perfil[code] ?? 0;
    else if (roles.includes('usuario')) level = CONF_CODES.includes(code) ? 0 : 3;
    else if (roles.includes('asesoria')) level = 1;
    else level = 0;
    levels[code] = Math.max(0, Math.min(3, Math.trunc(level))) as PermissionLevel;
  }
  return levels;
}

export function applyDenials(
  levels: Record<PermissionCode, PermissionLevel>,
  denied: readonly string[],
): Record<PermissionCode, PermissionLevel> {
  const out = { ...levels };
  for (const code of denied) if (isPermissionCode(code)) out[code] = 0;
  return out;
}

export function modulesOf(empresa: EmpresaRow | null): Record<ModuleFlag, boolean> {
  const flags = {} as Record<ModuleFlag, boolean>;
  for (const flag of MODULE_FLAG_LIST) flags[flag] = empresa?.modulos?.[flag] === true;
  return flags;
}

/** The context query, prepared once per database (no query building per request; a named statement on PostgreSQL). */
const prepared = new WeakMap<Db, ReturnType<typeof buildContextQuery>>();
function contextQuery(db: Db) {
  let q = prepared.get(db);
  if (!q) {
    q = buildContextQuery(db);
    prepared.set(db, q);
  }
  return q;
}

function buildContextQuery(db: Db) {
  const emp = sql.placeholder('emp');
  return db
    .select({
      revocada: sesiones.revocada,
      sesionPersona: sesiones.personaId,
      persona: personas,
      miembro: miembros,
      empresa: empresas,
      perfil: col(rolesTable, 'Permisos'),
      perfilBaja: col(rolesTable, 'Baja'),
      centroDenegados: col(centrosTable, 'Denegados'),
      suspendida: suscripciones.Suspendida,
      // Read in the same statement as the context: the cache keeps it at these versions (contextCache.ts).
      ...versionFields(emp),
    })
    .from(sesiones)
    .innerJoin(personas, eq(personas.id, sesiones.personaId))
    .leftJoin(
      miembros,
      and(eq(miembros.empresaId, emp), eq(miembros.personaId, sesiones.personaId), eq(miembros.baja, false)),
    )
    .leftJoin(empresas, eq(empresas.id, miembros.empresaId))
    .leftJoin(
      rolesTable,
      and(eq(col(rolesTable, 'empresaId'), miembros.empresaId), eq(col(rolesTable, 'Id'), miembros.idPerfil)),
    )
    .leftJoin(suscripciones, eq(suscripciones.empresaId, miembros.empresaId))
    .leftJoin(
      centrosTable,
      and(eq(col(centrosTable, 'empresaId'), miembros.empresaId), eq(col(centrosTable, 'Val'), sql.placeholder('cen'))),
    )
    .where(eq(sesiones.id, sql.placeholder('sid')))
    .limit(1)
    .prepare('faro_contexto');
}

/**
 * Loads the context of a verified access token in ONE round trip (session, person, membership, company, profile
 * and centre denials); null when the session was revoked, the person locked or the membership removed.
 */
export async function loadContext(db: Db, claims: AccessClaims): Promise<RequestContext | null> {
  return (await loadContextAt(db, claims))?.ctx ?? null;
}

/** The context and the versions it was read at (the same statement). */
export async function loadContextAt(
  db: Db,
  claims: AccessClaims,
): Promise<{ ctx: RequestContext; versiones: Versiones } | null> {
  const [row] = await contextQuery(db).execute({ sid: claims.sid, emp: claims.emp ?? -1, cen: claims.cen ?? '' });
  if (!row) return null;
  const versiones = { persona: row.vPersona, contexto: row.vContexto, documentos: row.vDocumentos };
  const ctx = contextOf(row, claims);
  return ctx ? { ctx, versiones } : null;
}

function contextOf(
  row: Awaited<ReturnType<ReturnType<typeof contextQuery>['execute']>>[number],
  claims: AccessClaims,
): RequestContext | null {
  if (row.revocada || row.sesionPersona !== claims.sub || row.persona.bloqueado) return null;
  const persona = row.persona;
  const base = {
    personaId: persona.id,
    userName: persona.userName,
    nombre: persona.nombre,
    esAdmin: persona.esAdmin,
    sesionId: claims.sid,
  };
  if (claims.emp === null) {
    const none = {} as Record<PermissionCode, PermissionLevel>;
    for (const code of PERMISSION_CODE_LIST) none[code] = 0;
    return {
      ...base,
      empresa: null,
      miembro: null,
      centro: null,
      roles: persona.esAdmin ? ['admin'] : [],
      permisos: none,
      modulos: modulesOf(null),
    };
  }
  if (!row.miembro || !row.empresa) return null;
  let denied = [...row.empresa.denegados];
  if (Array.isArray(row.centroDenegados)) denied = denied.concat(row.centroDenegados as string[]);
  const perfil = row.perfilBaja ? {} : (row.perfil as Record<string, number> | null);
  return {
    ...base,
    empresa: row.empresa,
    miembro: row.miembro,
    centro: claims.cen,
    roles: row.miembro.roles as Rol[],
    permisos: applyDenials(memberLevels(row.miembro, perfil), denied),
    modulos: modulesOf(row.empresa),
    suspendida: row.suspendida === true,
  };
}
