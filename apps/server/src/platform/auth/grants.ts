import { PERMISSION_CODE_LIST, type PermissionCode, type PermissionLevel, type Rol } from '@faro/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { miembros, rolesTable } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { memberLevels } from './context.ts';

/**
 * Nobody grants more than they hold. Whoever manages users or profiles of a company can give a member (or write
 * into a profile) only levels, roles and owner status they hold themselves, cannot touch a member or a profile that
 * is above them, and never changes their own profile or roles. The membership repository and the profiles'
 * repository call these checks on every write, so a route cannot forget them.
 */

export type Niveles = Record<PermissionCode, PermissionLevel>;

/** Roles that open the company's screens (levels of their own without a profile) or the advisory firm's. */
const ROLES_DE_ACCESO: readonly Rol[] = ['usuario', 'asesoria'];

export const NO_CONCEDER = 'No puedes conceder un perfil, un rol o un nivel de permiso superior a los tuyos';
export const NO_PROPIOS = 'No puedes cambiar tu propio perfil ni tus roles';
export const SOLO_PROPIETARIO = 'Sólo el propietario de la empresa puede modificar a otro propietario';
export const NO_SUPERIOR = 'No puedes modificar a un usuario con más permisos que tú';
export const PERFIL_SUPERIOR = 'No puedes crear ni modificar un perfil con más permisos que los tuyos';

/** The member who grants: the acting person's membership of the company; null for the platform acting itself. */
export interface Otorgante {
  personaId: number;
  propietario: boolean;
  roles: Rol[];
  niveles: Niveles;
}

/** A member as the rules see it: who, owner or not, roles and the levels they come to. */
export interface EstadoMiembro {
  personaId: number;
  propietario: boolean;
  roles: Rol[];
  idPerfil: number | null;
  niveles: Niveles;
}

/** The codes where `niveles` exceed `tope` (an absent code is level 0). */
export function excede(niveles: Partial<Record<string, number>>, tope: Niveles): PermissionCode[] {
  return PERMISSION_CODE_LIST.filter((code) => (niveles[code] ?? 0) > tope[code]);
}

/** Roles the granter may not give: an access role it does not hold itself (owners may give any). */
export function rolesNoConcedibles(otorgante: Otorgante, roles: readonly Rol[]): Rol[] {
  if (otorgante.propietario) return [];
  return roles.filter((r) => ROLES_DE_ACCESO.includes(r) && !otorgante.roles.includes(r));
}

/** The member is above the granter: an owner (for a non-owner), more levels, or an access role it lacks. */
export function porEncima(otorgante: Otorgante, m: Pick<EstadoMiembro, 'propietario' | 'roles' | 'niveles'>): boolean {
  if (otorgante.propietario) return false;
  return (
    m.propietario ||
    excede(m.niveles, otorgante.niveles).length > 0 ||
    rolesNoConcedibles(otorgante, m.roles).length > 0
  );
}

const mismosRoles = (a: readonly Rol[], b: readonly Rol[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * A membership write: `antes` null for a new member, `despues` null for a removal. Throws 403 with the rule broken.
 * `otorgante` null: the platform itself (sign-up, jobs), not a member.
 */
export function comprobarConcesion(
  otorgante: Otorgante | null,
  antes: EstadoMiembro | null,
  despues: EstadoMiembro | null,
): void {
  if (!otorgante) return;
  if (antes && antes.personaId === otorgante.personaId && despues) {
    if (!mismosRoles(antes.roles, despues.roles) || antes.idPerfil !== despues.idPerfil) {
      throw new AppError(403, NO_PROPIOS);
    }
  }
  if (antes?.propietario && !otorgante.propietario) throw new AppError(403, SOLO_PROPIETARIO);
  if (antes && antes.personaId !== otorgante.personaId && porEncima(otorgante, antes)) {
    throw new AppError(403, NO_SUPERIOR);
  }
  if (despues && porEncima(otorgante, despues)) throw new AppError(403, NO_CONCEDER);
}

/** A profile write: its levels before (null: new) and after (null: removed) must not be above the granter. */
export function comprobarPerfil(
  otorgante: Otorgante | null,
  antes: Partial<Record<string, number>> | null,
  despues: Partial<Record<string, number>> | null,
): void {
  if (!otorgante || otorgante.propietario) return;
  for (const permisos of [antes, despues]) {
    if (permisos && excede(permisos, otorgante.niveles).length > 0) throw new AppError(403, PERFIL_SUPERIOR);
  }
}

/** The permissions of a profile of the company (an inactive profile grants nothing). */
export async function permisosDePerfil(
  db: Db,
  empresaId: number,
  idPerfil: number | null,
): Promise<Record<string, number> | null> {
  if (idPerfil === null) return null;
  const [p] = await db
    .select({ permisos: col(rolesTable, 'Permisos'), baja: col(rolesTable, 'Baja') })
    .from(rolesTable)
    .where(and(eq(col(rolesTable, 'empresaId'), empresaId), eq(col(rolesTable, 'Id'), idPerfil)))
    .limit(1);
  if (!p) return null;
  return p.baja ? {} : ((p.permisos as Record<string, number> | null) ?? {});
}

/** The levels a membership comes to (owner: all; a profile; else the roles' defaults). */
export async function nivelesDe(
  db: Db,
  empresaId: number,
  m: { propietario: boolean; roles: readonly string[]; idPerfil: number | null },
): Promise<Niveles> {
  return memberLevels(
    { propietario: m.propietario, roles: [...m.roles] },
    await permisosDePerfil(db, empresaId, m.idPerfil),
  );
}

/** The acting person's own membership of the company as a granter; null when the platform acts (no person). */
export async function otorganteDe(db: Db, empresaId: number, personaId: number | null): Promise<Otorgante | null> {
  if (personaId === null) return null;
  const [m] = await db
    .select({ propietario: miembros.propietario, roles: miembros.roles, idPerfil: miembros.idPerfil })
    .from(miembros)
    .where(and(eq(miembros.empresaId, empresaId), eq(miembros.personaId, personaId), eq(miembros.baja, false)))
    .limit(1);
  if (!m) throw new AppError(403, NO_CONCEDER);
  return { personaId, propietario: m.propietario, roles: m.roles as Rol[], niveles: await nivelesDe(db, empresaId, m) };
}
