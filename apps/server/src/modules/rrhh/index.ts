import { clockWord, type EstadoFichaje, MSG, nextClockState } from '@faro/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { fichajes } from '../../platform/tenancy/tables.ts';
import { rrhhMasterData } from './masterData.ts';

const coordinate = (max: number) =>
  z
    .number({ error: MSG.format })
    .min(-max, { error: MSG.min(-max) })
    .max(max, { error: MSG.max(max) })
    .nullish();

export const clockBody = z
  .object({
    Tipo: z.enum(['j', 'p'], { error: 'Tipo debe ser j (jornada) o p (pausa)' }),
    Origen: z.enum(['w'], { error: 'Origen debe ser w (web)' }).default('w'),
    MotivoPausa: z
      .string()
      .trim()
      .max(200, { error: MSG.maxLength('Motivo de la pausa', 200) })
      .nullish(),
    Latitud: coordinate(90),
    Longitud: coordinate(180),
  })
  .refine((b) => (b.Latitud == null) === (b.Longitud == null), {
    error: 'Latitud y Longitud van juntas',
    path: ['Latitud'],
  });

const toItem = (r: typeof fichajes.$inferSelect) => ({
  Id: r.id,
  Fecha: r.fecha.toISOString(),
  Tipo: r.tipo,
  Estado: r.estado,
  MotivoPausa: r.motivoPausa,
  Latitud: r.latitud === null ? null : Number(r.latitud),
  Longitud: r.longitud === null ? null : Number(r.longitud),
  Origen: r.origen,
});

/**
 * The employee time clock. The server owns the state machine and the clock; entries are append-only (no update or
 * delete route exists) and the transition is serialised per person so two quick clicks cannot both pass.
 */
export const rrhhModule: AreaModule = (app, deps) => {
  rrhhMasterData(app, deps);
  const tags = ['rrhh'];
  app.get(
    '/api/rrhh/fichajesusu/list',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Mis fichajes' } },
    async (request) => {
      const ctx = companyCtx(request);
      const q = parseListQuery(request.query);
      const scope = deps.scopeOf(request);
      const mine = eq(fichajes.personaId, ctx.personaId);
      const rows = await scope
        .select(fichajes, mine)
        .orderBy(desc(fichajes.fecha), desc(fichajes.id))
        .limit(q.TotalPagina)
        .offset((q.Pagina - 1) * q.TotalPagina);
      const [{ n } = { n: 0 }] = await scope.pick({ n: count() }, fichajes, mine);
      return { Items: rows.map(toItem), Total: n, TotalLimitado: false };
    },
  );

  app.post(
    '/api/rrhh/fichajesusu/save',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Fichar', body: clockBody } },
    async (request) => {
      const ctx = companyCtx(request);
      const body = parseBody(clockBody, request.body) as z.infer<typeof clockBody>;
      const scope = deps.scopeOf(request);
      return scope.tx(async (tx) => {
        // Serialise the clock of one person: a transaction-scoped advisory lock on (company, person).
        await tx.execute((empresaId) => sql`select pg_advisory_xact_lock(${empresaId}::int, ${ctx.personaId}::int)`);
        const [last] = await tx
          .pick({ estado: fichajes.estado }, fichajes, eq(fichajes.personaId, ctx.personaId))
          .orderBy(desc(fichajes.fecha), desc(fichajes.id))
          .limit(1);
        const current = (last?.estado ?? '') as EstadoFichaje;
        const t = nextClockState(current, body.Tipo);
        if (!t.ok) throw new AppError(400, t.message);
        if (t.next === 'p' && !body.MotivoPausa) {
          throw new AppError(400, MSG.formInvalid, [
            { Campo: 'MotivoPausa', Mensaje: MSG.required('Motivo de la pausa') },
          ]);
        }
        const [row] = await tx
          .insert(fichajes, {
            personaId: ctx.personaId,
            tipo: body.Tipo,
            estado: t.next,
            motivoPausa: t.next === 'p' ? (body.MotivoPausa ?? null) : null,
            latitud: body.Latitud == null ? null : String(body.Latitud),
            longitud: body.Longitud == null ? null : String(body.Longitud),
            origen: body.Origen,
          })
          .returning();
        await tx.audit({
          accion: 'A',
          recurso: 'fichajes',
          idRegistro: row!.id,
          campos: { Tipo: body.Tipo, Estado: t.next },
        });
        return { Estado: t.next, Fecha: row!.fecha.toISOString(), Mensaje: MSG.clockRegistered(clockWord(t.next)) };
      });
    },
  );
};
