import { MSG, MSG_DATOS } from '@faro/domain';
import { and, desc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, sitlaboralTable, tableOf } from '../../platform/tenancy/tables.ts';
import { idParam } from '../crm/comun.ts';
import { personaFichaje } from './jornadas.ts';

const aus = tableOf('ausencias')!;
const sit = sitlaboralTable;
const a = (name: string) => col(aus, name);

const fecha = (campo: string) => z.iso.date({ error: MSG.format }).describe(campo);
export const solicitudBody = z.object({
  IdSitLaboral: z.coerce
    .number({ error: MSG.required('Situación laboral') })
    .int()
    .positive({
      error: MSG.required('Situación laboral'),
    }),
  Desde: fecha('Desde'),
  Hasta: fecha('Hasta').nullish(),
  Motivo: z
    .string()
    .trim()
    .max(200, { error: MSG.maxLength('Motivo', 200) })
    .nullish(),
});

/** The employee file of the calling worker (their user's employee code), or a Spanish 400. */
async function miEmpleado(s: Scope, personaId: number): Promise<number> {
  const p = await personaFichaje(s, personaId).catch(() => null);
  if (!p?.IdEmpleado)
    throw badRequest('Tu usuario no está vinculado a una ficha de empleado: pídeselo a tu responsable');
  return p.IdEmpleado;
}

async function mias(s: Scope, idEmpleado: number) {
  return s
    .pick(
      {
        Id: a('Id'),
        IdSitLaboral: a('IdSitLaboral'),
        Situacion: col(sit, 'Descripcion'),
        Desde: a('Desde'),
        Hasta: a('Hasta'),
        Estado: a('Estado'),
        Motivo: a('Motivo'),
        Observaciones: a('Observaciones'),
      },
      aus,
      eq(a('IdEmpleado'), idEmpleado),
    )
    .leftJoin(sit, and(s.on(sit), eq(col(sit, 'Id'), a('IdSitLaboral'))))
    .orderBy(desc(a('Desde')), desc(a('Id')))
    .limit(200);
}

/**
 * The worker's leave and holiday requests from `usuario/fichajes` (time-clock access, only their own employee file):
 * a request starts 'solicitada'; a manager approves or refuses it in `ausencias` (PersEmple); the worker sees the
 * state and may withdraw a request not yet answered.
 *   GET    /api/rrhh/fichajesusu/ausencias        → { Items, Situaciones }
 *   POST   /api/rrhh/fichajesusu/ausencias        { IdSitLaboral, Desde, Hasta?, Motivo? } → 201
 *   DELETE /api/rrhh/fichajesusu/ausencias/:id    (only a 'solicitada' one)
 */
export const ausenciasUsuarioRoutes: AreaModule = (app, deps) => {
  const tags = ['rrhh'];
  const base = '/api/rrhh/fichajesusu/ausencias';
  const config = { access: access.timeclock };
  const yo = (request: FastifyRequest) => companyCtx(request).personaId;

  app.get(base, { config, schema: { tags, summary: 'Mis ausencias y solicitudes' } }, async (request) => {
    const s = deps.scopeOf(request);
    const Situaciones = await s
      .pick({ Id: col(sit, 'Id'), Descripcion: col(sit, 'Descripcion') }, sit, eq(col(sit, 'Baja'), false))
      .orderBy(col(sit, 'Descripcion'));
    const p = await personaFichaje(s, yo(request)).catch(() => null);
    return { Items: p?.IdEmpleado ? await mias(s, p.IdEmpleado) : [], Situaciones, Vinculado: !!p?.IdEmpleado };
  });

  app.post(
    base,
    { config, schema: { tags, summary: 'Solicitar una ausencia o vacaciones' } },
    async (request, reply) => {
      const s = deps.scopeOf(request);
      const b = parseBody(solicitudBody, request.body) as z.infer<typeof solicitudBody>;
      if (b.Hasta && b.Hasta < b.Desde) throw fieldError('Hasta', MSG_DATOS.dateRange);
      const idEmpleado = await miEmpleado(s, yo(request));
      const [situacion] = await s.pick(
        { Id: col(sit, 'Id') },
        sit,
        and(eq(col(sit, 'Id'), b.IdSitLaboral), eq(col(sit, 'Baja'), false)),
      );
      if (!situacion) throw fieldError('IdSitLaboral', 'La situación laboral no existe');
      const hasta = b.Hasta ?? b.Desde;
      const [choque] = await s.pick(
        { Id: a('Id') },
        aus,
        and(
          eq(a('IdEmpleado'), idEmpleado),
          ne(a('Estado'), 'rechazada'),
          lte(a('Desde'), hasta),
          or(isNull(a('Hasta')), gte(a('Hasta'), b.Desde)),
        ),
      );
      if (choque) throw fieldError('Desde', 'Ya tienes una ausencia o una solicitud en esas fechas');
      const values = {
        IdEmpleado: idEmpleado,
        IdSitLaboral: b.IdSitLaboral,
        Desde: b.Desde,
        Hasta: hasta,
        Estado: 'solicitada',
        Motivo: b.Motivo || null,
      };
      const id = await s.tx(async (t) => {
        const [r] = await t.insert(aus, values).returning({ Id: a('Id') });
        const Id = Number(r!.Id);
        await t.audit({ accion: 'A', recurso: 'ausencias', idRegistro: Id, campos: values });
        return Id;
      });
      const fila = (await mias(s, idEmpleado)).find((x) => Number(x.Id) === id);
      return reply.code(201).send(fila);
    },
  );

  app.delete(`${base}/:id`, { config, schema: { tags, summary: 'Retirar una solicitud' } }, async (request) => {
    const s = deps.scopeOf(request);
    // Without an employee file the worker has no request of their own: 404 like any id not theirs.
    const idEmpleado = (await personaFichaje(s, yo(request)).catch(() => null))?.IdEmpleado;
    if (!idEmpleado) throw notFound();
    const id = idParam(request);
    const [row] = await s.pick({ Estado: a('Estado') }, aus, and(eq(a('Id'), id), eq(a('IdEmpleado'), idEmpleado)));
    if (!row) throw notFound();
    if (row.Estado !== 'solicitada') throw new AppError(409, 'Solo puedes retirar una solicitud aún sin responder');
    await s.tx(async (t) => {
      await t.delete(aus, and(eq(a('Id'), id), eq(a('IdEmpleado'), idEmpleado)));
      await t.audit({ accion: 'D', recurso: 'ausencias', idRegistro: id, campos: null });
    });
    return { Mensaje: 'Solicitud retirada' };
  });
};
