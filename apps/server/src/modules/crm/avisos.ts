import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { access } from '../../platform/auth/access.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { crmAvisos, crmAvisosLeidos } from '../../platform/tenancy/tables.ts';
import { idParam } from './comun.ts';

/** Alert priority: a high, m medium, b low, i info. Origin: a system, m user (spec section 4). */
export type PrioridadAviso = 'a' | 'm' | 'b' | 'i';
export interface NuevoAviso {
  /** Who sees it; null or absent: every member of the company. */
  IdPersona?: number | null;
  Prioridad: PrioridadAviso;
  Origen?: 'a' | 'm';
  Titulo: string;
  Texto?: string | null;
  /** In-app path it opens (`/fventa/editar/12`). */
  Enlace?: string | null;
  /** One alert per fact: the same key again is ignored ('fventa-vencida-12'). */
  Clave?: string | null;
}

/**
 * Raises an alert in the notifications of the company (`usuario/notificaciones`, the bell). Any area calls it with
 * its scope or transaction; a repeated `Clave` is a no-op. Returns the new alert's id (null when it already existed).
 */
export async function crearAviso(t: Scope, aviso: NuevoAviso): Promise<number | null> {
  const [row] = await t
    .insert(crmAvisos, {
      IdPersona: aviso.IdPersona ?? null,
      Prioridad: aviso.Prioridad,
      Origen: aviso.Origen ?? 'a',
      Titulo: aviso.Titulo.slice(0, 200),
      Texto: aviso.Texto ?? null,
      Enlace: aviso.Enlace ?? null,
      Clave: aviso.Clave ?? null,
    })
    .onConflictDoNothing()
    .returning({ Id: crmAvisos.Id });
  return row?.Id ?? null;
}

const a = crmAvisos;
const l = crmAvisosLeidos;

function mios(s: Scope) {
  return or(isNull(a.IdPersona), eq(a.IdPersona, s.personaId ?? -1));
}
function leido(s: Scope) {
  return s.on(l, and(eq(l.IdAviso, a.Id), eq(l.IdPersona, s.personaId ?? -1)));
}

async function noLeidas(s: Scope): Promise<number> {
  const [c] = await s.pick({ n: count() }, a, and(mios(s), isNull(l.IdAviso))).leftJoin(l, leido(s));
  return Number(c?.n ?? 0);
}

/** `usuario/notificaciones`: the member's alerts (own and company-wide), unread count, mark read. */
export const avisosRoutes: AreaModule = (app, deps) => {
  const base = '/api/usuarios/usuario/notificaciones';
  const tags = ['usuarios'];
  const config = { access: access.company };

  app.get(`${base}/list`, { config, schema: { tags, summary: 'Notificaciones' } }, async (request) => {
    const s = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const soloNoLeidas = q.Filtros.NoLeidas === true || q.Filtros.NoLeidas === 'true';
    const where = and(mios(s), soloNoLeidas ? isNull(l.IdAviso) : undefined);
    const Items = await s
      .pick(
        {
          Id: a.Id,
          Prioridad: a.Prioridad,
          Origen: a.Origen,
          Titulo: a.Titulo,
          Texto: a.Texto,
          Enlace: a.Enlace,
          Fecha: a.Fecha,
          Leido: sql<boolean>`${l.IdAviso} is not null`,
        },
        a,
        where,
      )
      .leftJoin(l, leido(s))
      .orderBy(desc(a.Fecha), desc(a.Id))
      .limit(q.TotalPagina)
      .offset((q.Pagina - 1) * q.TotalPagina);
    const [c] = await s.pick({ n: count() }, a, where).leftJoin(l, leido(s));
    return { Items, Total: Number(c?.n ?? 0), TotalLimitado: false, NoLeidas: await noLeidas(s) };
  });

  app.get(`${base}/noleidas`, { config, schema: { tags, summary: 'Notificaciones sin leer' } }, async (request) => ({
    NoLeidas: await noLeidas(deps.scopeOf(request)),
  }));

  app.post(`${base}/leer/:id`, { config, schema: { tags, summary: 'Marcar como leída' } }, async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    const [av] = await s.pick({ Id: a.Id }, a, and(eq(a.Id, id), mios(s)));
    if (!av) throw notFound();
    await s.insert(l, { IdAviso: id, IdPersona: s.personaId ?? 0 }).onConflictDoNothing();
    return { NoLeidas: await noLeidas(s) };
  });

  app.post(`${base}/leertodas`, { config, schema: { tags, summary: 'Marcar todas como leídas' } }, async (request) => {
    const s = deps.scopeOf(request);
    const pendientes = await s
      .pick({ Id: a.Id }, a, and(mios(s), isNull(l.IdAviso)))
      .leftJoin(l, leido(s))
      .limit(5000);
    if (pendientes.length) {
      await s
        .insert(
          l,
          pendientes.map((p) => ({ IdAviso: p.Id, IdPersona: s.personaId ?? 0 })),
        )
        .onConflictDoNothing();
    }
    return { NoLeidas: 0 };
  });
};
