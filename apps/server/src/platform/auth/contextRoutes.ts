import { MSG, newPasswordSchema, requiredString } from '@faro/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { buildInfoEmpresa } from '../../modules/usuarios/infoEmpresa.ts';
import { parseBody } from '../crud/crudRoutes.ts';
import { col } from '../db/entityTable.ts';
import { asesoriaClientes, centrosTable, empresas, miembros, sesiones } from '../db/schema.ts';
import type { AreaModule } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { cambiarPassword, recordarEmpresa } from '../identity/personas.ts';
import { companyDirectory } from '../tenancy/directory.ts';
import { access } from './access.ts';
import { claveActual } from './intentos.ts';
import { hashPassword } from './passwords.ts';
import { defaultCentre, familyOf, issuePair, revokeAllOf, type SessionDeps } from './sessions.ts';

const changePasswordBody = z.object({
  PasswordActual: requiredString('Contraseña actual', 50),
  NuevoPassword: newPasswordSchema(),
});

export const contextRoutes: AreaModule = (app, deps) => {
  const db = deps.database.db;
  const currentPassword = claveActual(db, deps.config.now ?? Date.now);
  const companies = companyDirectory(deps);
  const sessionDeps: SessionDeps = { db, config: deps.config, secret: deps.secret };
  const tags = ['usuarios'];

  app.get(
    '/api/usuarios/usuario/infoempre',
    {
      config: { access: access.beforeTerms(access.authenticated) },
      schema: { tags, summary: 'Contexto de la empresa' },
    },
    (request) => buildInfoEmpresa(companies, request.ctx!),
  );

  app.get(
    '/api/usuarios/usuario/cambiarempre/:id/web',
    { config: { access: access.beforeTerms(access.authenticated) }, schema: { tags, summary: 'Cambiar de empresa' } },
    async (request, reply) => {
      const ctx = request.ctx!;
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const [empresa] = await db.select().from(empresas).where(eq(empresas.id, id)).limit(1);
      if (!empresa) throw notFound();
      const [member] = await db
        .select({ baja: miembros.baja })
        .from(miembros)
        .where(and(eq(miembros.empresaId, id), eq(miembros.personaId, ctx.personaId)))
        .limit(1);
      if (!member || member.baja) {
        // An adviser enters a client company of their advisory firm with a read-only membership made on demand.
        const servedBy = await db
          .select({ asesoria: asesoriaClientes.empresaId })
          .from(asesoriaClientes)
          .innerJoin(
            miembros,
            and(eq(miembros.empresaId, asesoriaClientes.empresaId), eq(miembros.personaId, ctx.personaId)),
          )
          .where(eq(asesoriaClientes.clienteEmpresaId, id));
        if (member?.baja || servedBy.length === 0) throw notFound();
        await db
          .insert(miembros)
          .values({ empresaId: id, personaId: ctx.personaId, roles: ['asesoria'] })
          .onConflictDoNothing();
      }
      await recordarEmpresa(db, ctx.personaId, id);
      const [session] = await db
        .select({ idCliente: sesiones.idCliente })
        .from(sesiones)
        .where(eq(sesiones.id, ctx.sesionId));
      const pair = await issuePair(
        sessionDeps,
        { personaId: ctx.personaId, empresaId: id, centro: await defaultCentre(db, id) },
        session?.idCliente ?? 'web',
      );
      return reply.header('Cache-Control', 'no-store').send({ ...pair, Contratado: empresa.condicionesAceptadas });
    },
  );

  app.get(
    '/api/usuarios/usuario/cambiarcentro/:val',
    { config: { access: access.beforeTerms(access.company) }, schema: { tags, summary: 'Cambiar de centro' } },
    async (request, reply) => {
      const ctx = request.ctx!;
      const val = String((request.params as { val: string }).val);
      const [centre] = await db
        .select({ val: col(centrosTable, 'Val') })
        .from(centrosTable)
        .where(
          and(
            eq(col(centrosTable, 'empresaId'), ctx.empresa!.id),
            eq(col(centrosTable, 'Val'), val),
            eq(col(centrosTable, 'Baja'), false),
          ),
        )
        .limit(1);
      if (!centre) throw notFound();
      const [session] = await db
        .select({ idCliente: sesiones.idCliente, familia: sesiones.familia })
        .from(sesiones)
        .where(eq(sesiones.id, ctx.sesionId));
      const pair = await issuePair(
        sessionDeps,
        { personaId: ctx.personaId, empresaId: ctx.empresa!.id, centro: val },
        session?.idCliente ?? 'web',
        session?.familia,
      );
      return reply.header('Cache-Control', 'no-store').send(pair);
    },
  );

  app.post(
    '/api/usuarios/usuario/cambiarcontrasena',
    {
      config: { access: access.beforeTerms(access.authenticated) },
      schema: { tags, summary: 'Cambiar la contraseña', body: changePasswordBody },
    },
    async (request) => {
      const ctx = request.ctx!;
      const body = parseBody(changePasswordBody, request.body) as z.infer<typeof changePasswordBody>;
      // Counted before it is compared: a stolen session cannot try passwords faster than the limit.
      const persona = await currentPassword.exigir(ctx.personaId, body.PasswordActual);
      await cambiarPassword(db, persona.id, await hashPassword(body.NuevoPassword));
      await revokeAllOf(db, persona.id, await familyOf(db, ctx.sesionId));
      return { Mensaje: MSG.passwordUpdated };
    },
  );

  // usuario/configcal is a company setting now: modules/crm/calendario.ts.

  const datosEmpresa = async (request: FastifyRequest) => {
    const e = request.ctx!.empresa!;
    return { DatosEmpresa: e.datosEmpresa, PolDevoluciones: e.polDevoluciones };
  };
  app.get(
    '/api/formacion/portalalu/principal/datosempresa',
    { config: { access: access.company }, schema: { tags: ['formacion'] } },
    datosEmpresa,
  );
  app.get('/api/usuarios/portal/datosempresa', { config: { access: access.company }, schema: { tags } }, datosEmpresa);
};
