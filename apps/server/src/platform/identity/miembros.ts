import type { Rol } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { comprobarConcesion, type EstadoMiembro, nivelesDe, otorganteDe } from '../auth/grants.ts';
import { revokeCompanyOf } from '../auth/sessions.ts';
import { miembros } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { handleOf, type Scope } from '../tenancy/scope.ts';

/**
 * Membership: what a company decides about a person (roles, profile, employee code, time-clock flags, Baja). It
 * has no access to identity (e-mail, names, user name, password: `identity/personas.ts`), and every write passes the
 * grant rules (`auth/grants.ts`) for the scope's acting person, so no route can give more than its caller holds.
 */
export interface Membresia {
  roles: Rol[];
  idPerfil: number | null;
  codigoEmpleado: string | null;
  fichajeActivo: boolean;
  soloFichaje: boolean;
  baja: boolean;
}

type Fila = typeof miembros.$inferSelect;

async function estado(scope: Scope, m: Pick<Fila, 'personaId' | 'propietario' | 'roles' | 'idPerfil'>) {
  const e: EstadoMiembro = {
    personaId: m.personaId,
    propietario: m.propietario,
    roles: m.roles as Rol[],
    idPerfil: m.idPerfil ?? null,
    niveles: await nivelesDe(handleOf(scope), scope.empresaId, m),
  };
  return e;
}

async function fila(scope: Scope, id: number): Promise<Fila> {
  const [m] = await scope.select(miembros, eq(miembros.id, id)).for('update');
  if (!m) throw notFound();
  return m;
}

const otorgante = (scope: Scope) => otorganteDe(handleOf(scope), scope.empresaId, scope.personaId);

/** A new member of the scope's company (never an owner: owners come from sign-up and contracting). */
export async function crearMiembro(scope: Scope, personaId: number, datos: Membresia): Promise<number> {
  const despues = await estado(scope, { personaId, propietario: false, ...datos });
  comprobarConcesion(await otorgante(scope), null, despues);
  const [m] = await scope.insert(miembros, { personaId, ...datos }).returning({ id: miembros.id });
  return m!.id;
}

/**
 * Saves a member. Deactivating (Baja) revokes every session the person holds in this company, so enabling the
 * member again does not bring old refresh tokens back to life.
 */
export async function guardarMiembro(scope: Scope, id: number, datos: Membresia): Promise<void> {
  const antes = await fila(scope, id);
  const despues = await estado(scope, { ...antes, ...datos });
  comprobarConcesion(await otorgante(scope), await estado(scope, antes), despues);
  await scope.update(miembros, datos, eq(miembros.id, id));
  if (datos.baja && !antes.baja) await revokeCompanyOf(handleOf(scope), antes.personaId, scope.empresaId);
}

/** Removes a membership (the person keeps their other companies) and ends their sessions in this company. */
export async function quitarMiembro(scope: Scope, id: number): Promise<void> {
  const antes = await fila(scope, id);
  comprobarConcesion(await otorgante(scope), await estado(scope, antes), null);
  await scope.delete(miembros, eq(miembros.id, id));
  await revokeCompanyOf(handleOf(scope), antes.personaId, scope.empresaId);
}
