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
import { centrosTable, empresas, miembros, personas, rolesTable, sesiones } from '../db/schema.ts';
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

/** Loads the context of a verified access token; null when the session was revoked or the member removed. */
export async function loadContext(db: Db, claims: AccessClaims): Promise<RequestContext | null> {
  const [row] = await db
    .select({ persona: personas, sesion: { revocada: sesiones.revocada, personaId: sesiones.personaId } })
    .from(sesiones)
    .innerJoin(personas, eq(personas.id, sesiones.personaId))
    .where(eq(sesiones.id, claims.sid))
    .limit(1);
  if (!row || row.sesion.revocada || row.sesion.personaId !== claims.sub || row.persona.bloqueado) return null;
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
  const [m] = await db
    .select({
      empresa: empresas,
      miembro: miembros,
      perfil: col(rolesTable, 'Permisos'),
      perfilBaja: col(rolesTable, 'Baja'),
    })
    .from(miembros)
    .innerJoin(empresas, eq(empresas.id, miembros.empresaId))
    .leftJoin(
      rolesTable,
      and(eq(col(rolesTable, 'empresaId'), miembros.empresaId), eq(col(rolesTable, 'Id'), miembros.idPerfil)),
    )
    .where(and(eq(miembros.empresaId, claims.emp), eq(miembros.personaId, persona.id), eq(miembros.baja, false)))
    .limit(1);
  if (!m) return null;
  let denied = [...m.empresa.denegados];
  if (claims.cen) {
    const [c] = await db
      .select({ denegados: col(centrosTable, 'Denegados') })
      .from(centrosTable)
      .where(and(eq(col(centrosTable, 'empresaId'), claims.emp), eq(col(centrosTable, 'Val'), claims.cen)))
      .limit(1);
    if (Array.isArray(c?.denegados)) denied = denied.concat(c.denegados as string[]);
  }
  const perfil = m.perfilBaja ? {} : (m.perfil as Record<string, number> | null);
  return {
    ...base,
    empresa: m.empresa,
    miembro: m.miembro,
    centro: claims.cen,
    roles: m.miembro.roles as Rol[],
    permisos: applyDenials(memberLevels(m.miembro, perfil), denied),
    modulos: modulesOf(m.empresa),
  };
}

/** Raw-free helper for tests and seeds: count sessions of a family still active. */
export const activeFamilyFilter = (familia: string) =>
  and(eq(sesiones.familia, familia), sql`${sesiones.revocada} is null`);
