import { type ActividadInput, actividadSchema, coloresCalendario, TIPOS_ACTIVIDAD } from '@faro/domain';
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { CompanyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { crmActividades, crmCalendario, crmOportunidades, miembros } from '../../platform/tenancy/tables.ts';
import { clasesDeAgenda } from './agendaClases.ts';
import { crearAviso } from './avisos.ts';
import { ACCESO_CRM, borrarFila, idParam, rutasRegistro } from './comun.ts';
import { cli, comprobarContacto, nombreContacto, pot, unirContacto } from './contactos.ts';

const ac = crmActividades;

function consultar(s: Scope, where: SQL | undefined) {
  const j = unirContacto(s, ac.TipoContacto, ac.IdContacto);
  return s
    .pick(
      {
        Id: ac.Id,
        Tipo: ac.Tipo,
        Asunto: ac.Asunto,
        Descripcion: ac.Descripcion,
        Inicio: ac.Inicio,
        Fin: ac.Fin,
        TodoDia: ac.TodoDia,
        IdResponsable: ac.IdResponsable,
        IdOportunidad: ac.IdOportunidad,
        Oportunidad: crmOportunidades.Titulo,
        TipoContacto: ac.TipoContacto,
        IdContacto: ac.IdContacto,
        Contacto: nombreContacto,
        Hecha: ac.Hecha,
        Recordatorio: ac.Recordatorio,
      },
      ac,
      where,
    )
    .leftJoin(cli, j.cli)
    .leftJoin(pot, j.pot)
    .leftJoin(crmOportunidades, s.on(crmOportunidades, eq(crmOportunidades.Id, ac.IdOportunidad)));
}

async function cargar(s: Scope, id: number, soloMias: boolean) {
  const [row] = await consultar(
    s,
    and(eq(ac.Id, id), soloMias ? eq(ac.IdResponsable, s.personaId ?? -1) : undefined),
  ).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Validates the links of an activity and saves it (the owner defaults to whoever saves it). */
async function guardar(s: Scope, body: ActividadInput, id: number | undefined, soloMias: boolean) {
  if (body.Fin && new Date(body.Fin) < new Date(body.Inicio))
    throw fieldError('Fin', 'El fin no puede ser anterior al inicio');
  let { TipoContacto, IdContacto } = body;
  if (body.IdOportunidad) {
    const [op] = await s.pick(
      { TipoContacto: crmOportunidades.TipoContacto, IdContacto: crmOportunidades.IdContacto },
      crmOportunidades,
      eq(crmOportunidades.Id, body.IdOportunidad),
    );
    if (!op) throw fieldError('IdOportunidad', 'La oportunidad no existe');
    TipoContacto ??= op.TipoContacto as 'c' | 'p';
    IdContacto ??= op.IdContacto;
  }
  if ((TipoContacto && !IdContacto) || (!TipoContacto && IdContacto))
    throw fieldError('IdContacto', 'Indica el contacto');
  if (TipoContacto && IdContacto) {
    await comprobarContacto(s, TipoContacto, IdContacto).catch(() => {
      throw fieldError('IdContacto', 'El contacto no existe');
    });
  }
  const IdResponsable = soloMias ? s.personaId : (body.IdResponsable ?? s.personaId);
  if (!IdResponsable) throw badRequest('Indica el responsable');
  const [m] = await s.pick({ p: miembros.personaId }, miembros, eq(miembros.personaId, IdResponsable));
  if (!m) throw fieldError('IdResponsable', 'El responsable no es usuario de la empresa');
  const values = {
    Tipo: body.Tipo,
    Asunto: body.Asunto,
    Descripcion: body.Descripcion ?? null,
    Inicio: body.Inicio,
    Fin: body.Fin ?? null,
    TodoDia: body.TodoDia,
    IdResponsable,
    IdOportunidad: body.IdOportunidad ?? null,
    TipoContacto: TipoContacto ?? null,
    IdContacto: IdContacto ?? null,
    Hecha: body.Hecha,
    Recordatorio: body.Recordatorio ?? null,
    Avisado: false,
  };
  return s.tx(async (t) => {
    let Id = id;
    const mia = soloMias ? eq(ac.IdResponsable, s.personaId ?? -1) : undefined;
    if (Id) {
      const [r] = await t.update(ac, values, and(eq(ac.Id, Id), mia)).returning({ Id: ac.Id });
      if (!r) throw notFound();
    } else {
      Id = (await t.insert(ac, values).returning({ Id: ac.Id }))[0]!.Id;
    }
    await t.audit({ accion: id ? 'M' : 'A', recurso: 'actividades', idRegistro: Id, campos: values });
    return cargar(t, Id, false);
  });
}

/** The company's active members who may own an activity (time-clock-only users have no agenda), by name. */
export async function responsables(s: Scope) {
  const rows = await s.execute<{ Id: number; Nombre: string }>(
    (_empresaId, de) => sql`select p.id as "Id",
      coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido1, p.apellido2)), ''), p.user_name) as "Nombre"
      from ${miembros} m join personas p on p.id = m.persona_id
      where ${de('m')} and not m.baja and not m.solo_fichaje and not p.bloqueado
      order by 2, 1 limit 500`,
  );
  return rows.map((r) => ({ Id: Number(r.Id), Nombre: String(r.Nombre), Yo: Number(r.Id) === s.personaId }));
}

const moverBody = z.object({
  Inicio: z.iso.datetime({ offset: true, error: 'El formato es incorrecto' }),
  Fin: z.iso.datetime({ offset: true, error: 'El formato es incorrecto' }).nullish(),
});

/** Raises the due reminders of every company as notifications of each activity's owner (job `recordatorios`). */
export async function avisarRecordatorios(dir: CompanyDirectory, ahora = new Date()): Promise<string> {
  const due = and(eq(ac.Avisado, false), lte(ac.Recordatorio, ahora.toISOString()));
  let n = 0;
  for (const empresaId of await dir.companiesWith(ac, due)) {
    await dir.scope(empresaId).tx(async (t) => {
      const filas = await t.select(ac, due).limit(500).for('update', { skipLocked: true });
      for (const f of filas) {
        const tipo = TIPOS_ACTIVIDAD.find((x) => x.value === f.Tipo)?.label ?? f.Tipo;
        await crearAviso(t, {
          IdPersona: f.IdResponsable,
          Prioridad: 'm',
          Titulo: `Recordatorio: ${tipo} - ${f.Asunto}`,
          Texto: `Empieza el ${new Date(f.Inicio).toLocaleString('es-ES', { timeZone: 'Europe/Madrid' })}`,
          Enlace: '/usuario/agenda',
          Clave: `recordatorio-${f.Id}-${f.Recordatorio}`,
        });
        await t.update(ac, { Avisado: true }, eq(ac.Id, f.Id));
        n++;
      }
    });
  }
  return `${n} recordatorios`;
}

/**
 * Activities: on opportunities and contacts (`/api/ventas/crmactividades`, VentasCrmOport: the timeline) and the
 * user's own agenda (`/api/usuarios/usuario/agenda`, any member, only their events).
 */
export const actividadesRoutes: AreaModule = (app, deps) => {
  const base = '/api/ventas/crmactividades';
  const tags = ['ventas'];
  const { leer } = ACCESO_CRM;

  app.get(`${base}/list`, { config: leer, schema: { tags, summary: 'Actividades' } }, async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const f = q.Filtros;
    const c: SQL[] = [];
    const num = (v: unknown) => (Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : undefined);
    if (num(f.IdOportunidad)) c.push(eq(ac.IdOportunidad, num(f.IdOportunidad)!));
    if ((f.TipoContacto === 'c' || f.TipoContacto === 'p') && num(f.IdContacto)) {
      c.push(and(eq(ac.TipoContacto, f.TipoContacto), eq(ac.IdContacto, num(f.IdContacto)!))!);
    }
    if (typeof f.Tipo === 'string' && f.Tipo) c.push(eq(ac.Tipo, f.Tipo));
    if (f.Hecha === true || f.Hecha === false) c.push(eq(ac.Hecha, f.Hecha));
    const where = c.length ? and(...c) : undefined;
    const Items = await consultar(s, where)
      .orderBy(desc(ac.Inicio), desc(ac.Id))
      .limit(q.TotalPagina)
      .offset((q.Pagina - 1) * q.TotalPagina);
    return { Items, Total: Items.length + (q.Pagina - 1) * q.TotalPagina, TotalLimitado: false };
  });
  rutasRegistro(app, deps, {
    base,
    tags,
    acceso: ACCESO_CRM,
    cuerpo: actividadSchema,
    cargar: (s, id) => cargar(s, id, false),
    guardar: (s, body: ActividadInput, id) => guardar(s, body, id, false),
    borrar: {
      borrar: async (s, id) => {
        await borrarFila(s, ac, id, 'actividades');
        return { Mensaje: 'Actividad eliminada' };
      },
    },
  });
  /** Who may own an activity: the company's active members (not the time-clock-only ones), by name. */
  app.get(`${base}/responsables`, { config: leer, schema: { tags, summary: 'Responsables' } }, async (request) => {
    const Items = await responsables(deps.scopeOf(request));
    return { Items, Total: Items.length, TotalLimitado: false };
  });

  // Mi Agenda: the member's own events.
  const agenda = '/api/usuarios/usuario/agenda';
  const propia = { access: access.company };
  const utags = ['usuarios'];
  const rango = z.object({
    Desde: z.iso.date({ error: 'El formato es incorrecto' }),
    Hasta: z.iso.date({ error: 'El formato es incorrecto' }),
  });
  app.get(`${agenda}/list`, { config: propia, schema: { tags: utags, summary: 'Mi agenda' } }, async (request) => {
    const s = deps.scopeOf(request);
    const r = rango.safeParse(request.query);
    if (!r.success) throw badRequest('Indica el periodo de la agenda (Desde y Hasta)');
    const { Desde, Hasta } = r.data;
    const dias = (Date.parse(Hasta) - Date.parse(Desde)) / 86_400_000;
    if (!(dias >= 0 && dias <= 62)) throw badRequest('El periodo de la agenda no puede superar dos meses');
    const desde = new Date(`${Desde}T00:00:00Z`);
    desde.setUTCDate(desde.getUTCDate() - 1);
    const hasta = new Date(`${Hasta}T00:00:00Z`);
    hasta.setUTCDate(hasta.getUTCDate() + 2);
    const where = and(
      eq(ac.IdResponsable, s.personaId ?? -1),
      lt(ac.Inicio, hasta.toISOString()),
      or(gte(ac.Inicio, desde.toISOString()), gte(ac.Fin, desde.toISOString())),
    );
    const Items = await consultar(s, where).orderBy(asc(ac.Inicio), asc(ac.Id)).limit(1000);
    const [conf] = await s.select(crmCalendario);
    // The academy timetable and the driving-school classes of a teacher/instructor (read-only events).
    const Clases = await clasesDeAgenda(s, s.personaId, Desde, Hasta);
    return { Items, Clases, Colores: coloresCalendario(conf?.Colores) };
  });
  rutasRegistro(app, deps, {
    base: agenda,
    tags: utags,
    acceso: { leer: propia, editar: propia, borrar: propia },
    cuerpo: actividadSchema,
    cargar: (s, id) => cargar(s, id, true),
    guardar: (s, body: ActividadInput, id) => guardar(s, body, id, true),
    borrar: {
      borrar: async (s, id) => {
        await borrarFila(s, ac, id, 'actividades', and(eq(ac.Id, id), eq(ac.IdResponsable, s.personaId ?? -1)));
        return { Mensaje: 'Evento eliminado' };
      },
    },
  });
  /** Drag (move) or resize: new start and end, saved at once. */
  app.post(`${agenda}/mover/:id`, { config: propia, schema: { tags: utags, body: moverBody } }, async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    await cargar(s, id, true);
    const body = parseBody(moverBody, request.body) as z.infer<typeof moverBody>;
    if (body.Fin && new Date(body.Fin) < new Date(body.Inicio))
      throw fieldError('Fin', 'El fin no puede ser anterior al inicio');
    return s.tx(async (t) => {
      const [r] = await t
        .update(
          ac,
          { Inicio: body.Inicio, Fin: body.Fin ?? null, Avisado: false },
          and(eq(ac.Id, id), eq(ac.IdResponsable, s.personaId ?? -1)),
        )
        .returning({ Id: ac.Id });
      if (!r) throw notFound();
      await t.audit({ accion: 'M', recurso: 'actividades', idRegistro: id, campos: body });
      return cargar(t, id, true);
    });
  });
};
