import { newPasswordSchema } from '@faro/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { revokeAllOf } from '../../platform/auth/sessions.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import { miembros, personas } from '../../platform/db/schema.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { notFound } from '../../platform/http/errors.ts';

const ids = z.object({ empresa: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() });
const passwordBody = z.object({ NuevoPassword: newPasswordSchema() });

/** Platform administration of users (administrador/admusuarios), for platform admins only. */
export const administracionModule: AreaModule = (app, deps) => {
  const db = deps.database.db;
  const now = deps.config.now ?? Date.now;
  const base = '/api/usuarios/administrador/admusuarios';
  const tags = ['administracion'];
  const memberOf = async (params: unknown) => {
    const p = ids.safeParse(params);
    if (!p.success) throw notFound();
    const [m] = await db
      .select({ personaId: miembros.personaId })
      .from(miembros)
      .where(and(eq(miembros.empresaId, p.data.empresa), eq(miembros.id, p.data.id)))
      .limit(1);
    if (!m) throw notFound();
    return m.personaId;
  };

  app.get(`${base}/list/:empresa`, { config: { access: access.admin }, schema: { tags } }, async (request) => {
    const empresa = Number((request.params as { empresa: string }).empresa);
    if (!Number.isSafeInteger(empresa) || empresa <= 0) throw notFound();
    const q = parseListQuery(request.query);
    const where = eq(miembros.empresaId, empresa);
    const Items = await db
      .select({
        Id: miembros.id,
        UserName: personas.userName,
        Nombre: personas.nombre,
        Apellido1: personas.apellido1,
        Apellido2: personas.apellido2,
        Email: personas.email,
        Roles: miembros.roles,
        // Locked by an administrator, or temporarily after too many failed sign-ins.
        Bloqueado: sql<boolean>`(${personas.bloqueado} or coalesce(${personas.bloqueadoHasta} > ${new Date(now()).toISOString()}::timestamptz, false))`,
      })
      .from(miembros)
      .innerJoin(personas, eq(personas.id, miembros.personaId))
      .where(where)
      .orderBy(asc(personas.userName))
      .limit(q.TotalPagina)
      .offset((q.Pagina - 1) * q.TotalPagina);
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(miembros).where(where);
    return { Items, Total: n, TotalLimitado: false };
  });

  app.post(
    `${base}/desbloquear/:empresa/:id`,
    { config: { access: access.admin }, schema: { tags, summary: 'Desbloquear un usuario' } },
    async (request) => {
      const personaId = await memberOf(request.params);
      await db
        .update(personas)
        .set({ bloqueado: false, fallosLogin: 0, ultimoFallo: null, bloqueadoHasta: null })
        .where(eq(personas.id, personaId));
      return { Mensaje: 'El usuario se ha desbloqueado correctamente' };
    },
  );

  app.post(
    `${base}/cambiarcontrasena/:empresa/:id`,
    {
      config: { access: access.admin },
      schema: { tags, summary: 'Cambiar la contraseña de un usuario', body: passwordBody },
    },
    async (request) => {
      const personaId = await memberOf(request.params);
      const body = parseBody(passwordBody, request.body) as z.infer<typeof passwordBody>;
      await db
        .update(personas)
        .set({ passwordHash: await hashPassword(body.NuevoPassword) })
        .where(eq(personas.id, personaId));
      await revokeAllOf(db, personaId);
      return { Mensaje: 'La contraseña se ha actualizado correctamente' };
    },
  );
};
