import { MSG, ROLES, type Rol, saveSchema, usuarios } from '@faro/domain';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields, writeAudit } from '../audit/audit.ts';
import type { EntityRepository, Row, Scope } from '../crud/entityRepository.ts';
import { likePattern } from '../crud/filters.ts';
import { COUNT_CAP } from '../crud/listQuery.ts';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { miembros, personas, rolesTable } from '../db/schema.ts';
import { AppError, badRequest, fieldError, notFound } from '../http/errors.ts';
import { crearMiembro, guardarMiembro, type Membresia, quitarMiembro } from '../identity/miembros.ts';
import {
  COLUMNAS_IDENTIDAD,
  crearPersona,
  escribirIdentidadDesdeEmpresa,
  IDENTIDAD_COMPARTIDA,
  type Identidad,
  identidadCompartida,
} from '../identity/personas.ts';
import { handleOf } from '../tenancy/scope.ts';
import { hashPassword } from './passwords.ts';
import { randomToken } from './tokens.ts';

const ASSIGNABLE = ROLES.filter((r) => r !== 'admin');

export const usuariosBody = saveSchema(usuarios).extend({
  Roles: z
    .array(z.enum(ASSIGNABLE as [Rol, ...Rol[]], { error: MSG.format }), { error: MSG.format })
    .min(1, { error: MSG.required('Roles') }),
});

/** The API fields of a person's identity (the rest of a user is membership). */
const IDENTITY_FIELDS = ['UserName', 'Nombre', 'Apellido1', 'Apellido2', 'NombreComercial', 'Email'];

const ORDERABLE = {
  UserName: personas.userName,
  Nombre: personas.nombre,
  Apellido1: personas.apellido1,
  Email: personas.email,
} as const;

const select = {
  Id: miembros.id,
  ...COLUMNAS_IDENTIDAD,
  Roles: miembros.roles,
  IdPerfil: miembros.idPerfil,
  CodigoEmpleado: miembros.codigoEmpleado,
  FichajeActivo: miembros.fichajeActivo,
  SoloFichaje: miembros.soloFichaje,
  Propietario: miembros.propietario,
  Bloqueado: personas.bloqueado,
  Baja: miembros.baja,
  personaId: personas.id,
};

/**
 * The company's users: membership rows of this company joined with the people they belong to. Membership is written
 * through `identity/miembros.ts` (grant rules), identity through `identity/personas.ts`, which refuses to change a
 * person shared with another company or an adviser (`IdentidadCompartida` on get tells the screen so).
 */
export function usuariosRepository(scope: Scope): EntityRepository {
  // Users are persons (a platform table) joined to their membership: identity code, so the raw handle.
  const db = handleOf(scope);
  const mine = eq(miembros.empresaId, scope.empresaId);
  const base = (db: Db, where: SQL | undefined) =>
    db.select(select).from(miembros).innerJoin(personas, eq(personas.id, miembros.personaId)).where(where);
  const toRow = ({ personaId: _p, ...row }: Record<string, unknown>) => row as Row;

  async function fetch(db: Db, id: number) {
    const [row] = await base(db, and(mine, eq(miembros.id, id))).limit(1);
    return row;
  }

  async function checkProfile(db: Db, idPerfil: unknown) {
    if (idPerfil === null || idPerfil === undefined) return;
    const [p] = await db
      .select({ id: col(rolesTable, 'Id') })
      .from(rolesTable)
      .where(and(eq(col(rolesTable, 'empresaId'), scope.empresaId), eq(col(rolesTable, 'Id'), idPerfil as number)))
      .limit(1);
    if (!p) throw fieldError('IdPerfil', 'El perfil no existe');
  }

  // A shared person's identity is read-only here: the generic edit screen shows `SoloLectura` (fields and why).
  const withShared = async (db: Db, row: Record<string, unknown>) => {
    const compartida = await identidadCompartida(db, row.personaId as number, scope.empresaId);
    const soloLectura = { Campos: IDENTITY_FIELDS, Motivo: IDENTIDAD_COMPARTIDA };
    return { ...toRow(row), IdentidadCompartida: compartida, ...(compartida ? { SoloLectura: soloLectura } : {}) };
  };

  const memberValues = (v: Record<string, unknown>): Membresia => ({
    roles: v.Roles as Rol[],
    idPerfil: (v.IdPerfil as number | null) ?? null,
    codigoEmpleado: (v.CodigoEmpleado as string | null) ?? null,
    fichajeActivo: v.FichajeActivo === true,
    soloFichaje: v.SoloFichaje === true,
    baja: v.Baja === true,
  });
  const personValues = (v: Record<string, unknown>): Identidad => ({
    nombre: v.Nombre as string,
    apellido1: (v.Apellido1 as string | null) ?? null,
    apellido2: (v.Apellido2 as string | null) ?? null,
    nombreComercial: (v.NombreComercial as string | null) ?? null,
    email: v.Email as string,
  });
  const audit = (db: Db, accion: 'A' | 'M' | 'D', id: number, campos: unknown) =>
    writeAudit(db, {
      empresaId: scope.empresaId,
      personaId: scope.personaId,
      userName: scope.userName,
      accion,
      recurso: 'usuarios',
      idRegistro: id,
      campos,
    });

  return {
    async list(query) {
      const conditions: (SQL | undefined)[] = [mine];
      for (const [key, value] of Object.entries(query.Filtros)) {
        if (value === undefined || value === null || value === '') continue;
        if (key === 'Buscar') {
          const p = likePattern(String(value));
          conditions.push(
            or(
              ilike(personas.userName, p),
              ilike(personas.nombre, p),
              ilike(personas.apellido1, p),
              ilike(personas.email, p),
            ),
          );
        } else if (key === 'Baja' || key === 'FichajeActivo' || key === 'Bloqueado') {
          if (typeof value !== 'boolean') throw badRequest(MSG.format);
          const column =
            key === 'Baja' ? miembros.baja : key === 'FichajeActivo' ? miembros.fichajeActivo : personas.bloqueado;
          conditions.push(eq(column, value));
        } else if (key in ORDERABLE) {
          conditions.push(ilike(ORDERABLE[key as keyof typeof ORDERABLE], likePattern(String(value))));
        } else throw badRequest(`El filtro ${key} no existe`);
      }
      const where = and(...conditions);
      const orderKey = (query.Orden ?? 'UserName') as keyof typeof ORDERABLE;
      if (!(orderKey in ORDERABLE)) throw new AppError(400, `No se puede ordenar por ${query.Orden}`);
      const dir = query.Descendente ? desc : asc;
      const rows = await base(db, where)
        .orderBy(dir(ORDERABLE[orderKey]), dir(miembros.id))
        .limit(query.TotalPagina)
        .offset((query.Pagina - 1) * query.TotalPagina);
      const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(
        base(db, where)
          .limit(COUNT_CAP + 1)
          .as('capped'),
      );
      return { Items: rows.map(toRow), Total: Math.min(n, COUNT_CAP), TotalLimitado: n > COUNT_CAP };
    },

    async get(id) {
      const row = await fetch(db, id);
      if (!row) throw notFound();
      return withShared(db, row);
    },

    async create(values) {
      return scope.tx(async (t) => {
        const db = handleOf(t);
        const userName = values.UserName as string;
        const [taken] = await db
          .select({ id: personas.id })
          .from(personas)
          .where(eq(sql`lower(${personas.userName})`, userName.toLowerCase()))
          .limit(1);
        if (taken) throw fieldError('UserName', 'Ese nombre de usuario ya está en uso');
        await checkProfile(db, values.IdPerfil);
        // The new user sets a password through "¿Has olvidado tu contraseña?"; until then nobody knows it.
        const personaId = await crearPersona(db, {
          userName,
          passwordHash: await hashPassword(randomToken()),
          ...personValues(values),
        });
        const memberId = await crearMiembro(t, personaId, memberValues(values));
        await audit(db, 'A', memberId, { ...values });
        return withShared(db, (await fetch(db, memberId))!);
      });
    },

    async update(id, values) {
      return scope.tx(async (t) => {
        const db = handleOf(t);
        const before = await fetch(db, id);
        if (!before) throw notFound();
        if (String(values.UserName).toLowerCase() !== before.UserName.toLowerCase()) {
          throw fieldError('UserName', 'El nombre de usuario no se puede cambiar');
        }
        if (before.Propietario && (values.Baja === true || !(values.Roles as string[]).includes('usuario'))) {
          throw new AppError(400, 'El propietario de la empresa no se puede dar de baja ni perder el rol de usuario');
        }
        await checkProfile(db, values.IdPerfil);
        // Membership first: a refused grant (an owner, a member above the caller) says so before identity is looked at.
        await guardarMiembro(t, id, memberValues(values));
        await escribirIdentidadDesdeEmpresa(db, scope.empresaId, before.personaId, personValues(values));
        const after = (await fetch(db, id))!;
        await audit(db, 'M', id, changedFields(toRow(before), toRow(after)));
        return withShared(db, after);
      });
    },

    async remove(id) {
      await scope.tx(async (t) => {
        const db = handleOf(t);
        const before = await fetch(db, id);
        if (!before) throw notFound();
        if (before.Propietario) throw new AppError(400, 'El propietario de la empresa no se puede eliminar');
        if (before.personaId === scope.personaId) throw new AppError(400, 'No puedes eliminar tu propio usuario');
        // The person keeps their other companies; only the membership of this company goes.
        await quitarMiembro(t, id);
        await audit(db, 'D', id, toRow(before));
      });
    },
  };
}
