import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatDate, formatMinutes, isIsoDate, MSG } from '@faro/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, conPermiso } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { empresa as empresaCols, inspeccionAccesos, inspeccionEnlaces } from '../../platform/tenancy/tables.ts';
import { mesesDe } from './fichajesRoutes.ts';
import { COLUMNAS_DIAS, COLUMNAS_REGISTROS, enviarHoja, filasDias, filasRegistros, formatoDe } from './hoja.ts';
import type { MesPersona } from './jornadas.ts';

export const enlaceBody = z
  .object({
    Destinatario: z
      .string({ error: MSG.required('Destinatario') })
      .trim()
      .min(3, { error: MSG.minLength('Destinatario', 3) })
      .max(150, { error: MSG.maxLength('Destinatario', 150) }),
    Desde: z.string({ error: MSG.required('Desde') }).refine(isIsoDate, { error: MSG.format }),
    Hasta: z.string({ error: MSG.required('Hasta') }).refine(isIsoDate, { error: MSG.format }),
    IdPersona: z.number({ error: MSG.format }).int().positive().nullish(),
    Dias: z
      .number({ error: MSG.format })
      .int()
      .min(1, { error: MSG.min(1) })
      .max(90, { error: MSG.max(90) })
      .default(7),
  })
  .refine((b) => b.Hasta >= b.Desde, { error: 'Hasta debe ser igual o posterior a Desde', path: ['Hasta'] })
  .refine((b) => b.Desde.slice(0, 7) >= addMonths(b.Hasta, -12), {
    error: 'El periodo no puede superar un año',
    path: ['Desde'],
  });

function addMonths(dia: string, n: number): string {
  const [y, m] = dia.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The months 'yyyy-mm' a period touches. */
function mesesPeriodo(desde: string, hasta: string): string[] {
  const out: string[] = [];
  for (let m = desde.slice(0, 7); m <= hasta.slice(0, 7); m = addMonths(`${m}-01`, 1)) out.push(m);
  return out;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const enlaceJson = (e: typeof inspeccionEnlaces.$inferSelect) => ({
  Id: e.Id,
  Destinatario: e.Destinatario,
  Desde: e.Desde,
  Hasta: e.Hasta,
  IdPersona: e.IdPersona,
  Caduca: e.Caduca.toISOString(),
  CreadoEn: e.CreadoEn.toISOString(),
  Revocado: e.Revocado?.toISOString() ?? null,
});

export const RUTA_INSPECCION = '/api/rrhh/inspeccion/ver';
const NO_EXISTE = 'El enlace de inspección no existe';
/** What the office is told about a link id of another company, or one that never existed. */
const SIN_ENLACE = 'No existe el enlace';

/** The link id of the path (`:id`), or the link's 404. */
function idEnlace(request: FastifyRequest): number {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id)) throw new AppError(404, SIN_ENLACE);
  return id;
}
const CADUCADO = 'El enlace de inspección ha caducado o se ha revocado';
const SOLO_LECTURA = 'El acceso de inspección es de solo lectura';

/**
 * Labour-inspection access: a manager creates a read-only, time-limited link for an inspector or the
 * workers' representatives; the link shows the period's records (a plain page, no sign-in) and exports them (pdf,
 * xlsx, csv). Every use and every refused use is written to `inspeccion_accesos`; any write through it is a 403.
 */
export const inspeccionRoutes: AreaModule = (app, deps) => {
  const tags = ['rrhh'];
  const directory = companyDirectory(deps);

  app.get('/api/rrhh/inspeccion/list', conPermiso('PersEmple', 1, 'rrhh', 'Enlaces de inspección'), async (request) => {
    const scope = deps.scopeOf(request);
    const rows = await scope.select(inspeccionEnlaces).orderBy(desc(inspeccionEnlaces.Id)).limit(200);
    const usos = await scope
      .pick({ IdEnlace: inspeccionAccesos.IdEnlace, n: count() }, inspeccionAccesos)
      .groupBy(inspeccionAccesos.IdEnlace);
    const byId = new Map(usos.map((u) => [u.IdEnlace, u.n]));
    return { Items: rows.map((e) => ({ ...enlaceJson(e), Accesos: byId.get(e.Id) ?? 0 })) };
  });

  /** A manager's route about one link (`…/<accion>/:id`). */
  const porEnlace = (
    method: 'GET' | 'POST',
    accion: string,
    nivel: 1 | 2,
    resumen: string,
    hacer: (scope: Scope, id: number) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `/api/rrhh/inspeccion/${accion}/:id`,
      ...conPermiso('PersEmple', nivel, 'rrhh', resumen),
      handler: (request) => hacer(deps.scopeOf(request), idEnlace(request)),
    });

  porEnlace('GET', 'accesos', 1, 'Accesos de un enlace', async (scope, id) => {
    const [e] = await scope.select(inspeccionEnlaces, eq(inspeccionEnlaces.Id, id));
    if (!e) throw new AppError(404, SIN_ENLACE);
    const rows = await scope
      .select(inspeccionAccesos, eq(inspeccionAccesos.IdEnlace, id))
      .orderBy(desc(inspeccionAccesos.Id))
      .limit(500);
    return { Items: rows.map((r) => ({ ...r, Fecha: r.Fecha.toISOString() })) };
  });

  app.post(
    '/api/rrhh/inspeccion/save',
    conPermiso('PersEmple', 2, 'rrhh', 'Crear un enlace de inspección', enlaceBody),
    async (request, reply) => {
      const b = parseBody(enlaceBody, request.body) as z.infer<typeof enlaceBody>;
      const ctx = companyCtx(request);
      const scope = deps.scopeOf(request);
      const secreto = randomBytes(24).toString('base64url');
      const caduca = new Date(Date.now() + b.Dias * 24 * 3600_000);
      const row = await scope.tx(async (tx) => {
        const [r] = await tx
          .insert(inspeccionEnlaces, {
            Destinatario: b.Destinatario,
            Desde: b.Desde,
            Hasta: b.Hasta,
            IdPersona: b.IdPersona ?? null,
            Caduca: caduca,
            SecretoHash: sha(secreto),
            IdCreador: ctx.personaId,
          })
          .returning();
        await tx.audit({
          accion: 'A',
          recurso: 'inspeccion',
          idRegistro: r!.Id,
          campos: { Destinatario: b.Destinatario, Desde: b.Desde, Hasta: b.Hasta, Caduca: caduca.toISOString() },
        });
        return r!;
      });
      const token = `${ctx.empresa.id}.${row.Id}.${secreto}`;
      return reply.status(201).send({ ...enlaceJson(row), Enlace: `${RUTA_INSPECCION}/${token}` });
    },
  );

  porEnlace('POST', 'revocar', 2, 'Revocar un enlace', async (scope, id) => {
    const [r] = await scope
      .update(inspeccionEnlaces, { Revocado: new Date() }, eq(inspeccionEnlaces.Id, id))
      .returning();
    if (!r) throw new AppError(404, SIN_ENLACE);
    await scope.audit({ accion: 'M', recurso: 'inspeccion', idRegistro: id, campos: { Revocado: true } });
    return enlaceJson(r);
  });

  /** The link's company door and row, or a 403 (audited when the link is known). */
  async function abrir(request: FastifyRequest, accion: string) {
    const token = String((request.params as { token?: string }).token ?? '');
    const [emp, id, secreto] = token.split('.');
    const empresaId = Number(emp);
    const enlaceId = Number(id);
    if (!secreto || !Number.isSafeInteger(empresaId) || !Number.isSafeInteger(enlaceId) || empresaId <= 0) {
      throw new AppError(404, NO_EXISTE);
    }
    const scope = directory.scope(empresaId, { personaId: null, userName: 'inspeccion' });
    const [e] = await scope.select(inspeccionEnlaces, eq(inspeccionEnlaces.Id, enlaceId));
    const given = Buffer.from(sha(secreto));
    const valid = !!e && given.length === e.SecretoHash.length && timingSafeEqual(given, Buffer.from(e.SecretoHash));
    if (!e || !valid) throw new AppError(404, NO_EXISTE);
    const vivo = !e.Revocado && e.Caduca.getTime() > Date.now();
    await registrar(scope, e.Id, request, accion, vivo ? 'ok' : 'caducado');
    if (!vivo) throw new AppError(403, CADUCADO);
    return { scope, e };
  }

  async function periodo(scope: Scope, e: typeof inspeccionEnlaces.$inferSelect): Promise<MesPersona[]> {
    const out: MesPersona[] = [];
    for (const mes of mesesPeriodo(e.Desde, e.Hasta)) {
      for (const m of await mesesDe(scope, mes, e.IdPersona)) {
        const Dias = m.Dias.filter((d) => d.Dia >= e.Desde && d.Dia <= e.Hasta);
        const Fichajes = m.Fichajes.filter((f) => f.Fecha.slice(0, 10) >= e.Desde && f.Fecha.slice(0, 10) <= e.Hasta);
        if (Fichajes.length || Dias.some((d) => d.Previstos > 0)) out.push({ ...m, Dias, Fichajes });
      }
    }
    return out;
  }

  const publico = { access: access.public };
  app.get(
    `${RUTA_INSPECCION}/:token`,
    { config: publico, schema: { tags, summary: 'Registro de jornada para la Inspección (página)' } },
    async (request, reply) => {
      const { scope, e } = await abrir(request, 'ver');
      const meses = await periodo(scope, e);
      const [empresa] = await scope.company({ nombre: empresaCols.nombre });
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(pagina(String(empresa?.nombre ?? ''), e, meses, request.url.split('?')[0] ?? ''));
    },
  );
  app.get(
    `${RUTA_INSPECCION}/:token/datos`,
    { config: publico, schema: { tags, summary: 'Registro de jornada para la Inspección (datos)' } },
    async (request) => {
      const { scope, e } = await abrir(request, 'datos');
      return { Enlace: enlaceJson(e), Empleados: await periodo(scope, e) };
    },
  );
  app.get(
    `${RUTA_INSPECCION}/:token/exportar`,
    { config: publico, schema: { tags, summary: 'Registro de jornada para la Inspección (pdf, xlsx, csv)' } },
    async (request, reply) => {
      const formato = formatoDe((request.query as Record<string, unknown> | undefined)?.Formato);
      const { scope, e } = await abrir(request, `exportar ${formato}`);
      const meses = await periodo(scope, e);
      const titulo = `Registro de jornada ${formatDate(e.Desde)} – ${formatDate(e.Hasta)}`;
      const registros = { columnas: COLUMNAS_REGISTROS, filas: filasRegistros(meses) };
      const dias = { columnas: COLUMNAS_DIAS, filas: filasDias(meses) };
      return enviarHoja(
        reply,
        formato,
        titulo,
        `registro-jornada-${e.Desde}-${e.Hasta}`,
        formato === 'xlsx' ? [registros, dias] : [dias, registros],
      );
    },
  );
  // Read-only: any write through a link is refused (and audited when the link is known).
  // An unknown link is a 404 like any unknown id; a known one (live or expired) answers 403, audited.
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const { scope, e } = await abrir(request, `escritura ${request.method}`);
      await registrar(scope, e.Id, request, `escritura ${request.method}`, 'rechazado');
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw error;
    }
    return reply.status(403).send({ Mensaje: SOLO_LECTURA });
  };
  // Every path a link serves refuses writes (named, not a wildcard, so each is in the OpenAPI document).
  for (const url of [
    `${RUTA_INSPECCION}/:token`,
    `${RUTA_INSPECCION}/:token/datos`,
    `${RUTA_INSPECCION}/:token/exportar`,
  ]) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      config: publico,
      schema: { tags, summary: 'Escritura por un enlace de inspección (siempre 403)' },
      handler: refuse,
    });
  }
};

async function registrar(scope: Scope, enlaceId: number, request: FastifyRequest, accion: string, resultado: string) {
  await scope.insert(inspeccionAccesos, {
    IdEnlace: enlaceId,
    Accion: accion,
    Ip: request.ip ?? null,
    Agente: String(request.headers['user-agent'] ?? '').slice(0, 200) || null,
    Resultado: resultado,
  });
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const hora = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(
        new Date(iso),
      )
    : '';

/** The inspector's page: plain HTML (no script), Spanish, one table per employee. */
function pagina(empresa: string, e: typeof inspeccionEnlaces.$inferSelect, meses: MesPersona[], base: string) {
  const tablas = meses
    .map(
      (m) => `<section><h2>${esc(m.Persona.Nombre)} · ${esc(m.Mes)}</h2>
<p>Trabajado ${formatMinutes(m.Trabajados)} · Previsto ${formatMinutes(m.Previstos)} · Extra ${formatMinutes(m.Extra)} · Ausencias ${m.Ausencias}</p>
<table><caption>Jornadas de ${esc(m.Persona.Nombre)}</caption><thead><tr><th scope="col">Día</th><th scope="col">Entrada</th><th scope="col">Salida</th><th scope="col">Trabajado</th><th scope="col">Pausas</th><th scope="col">Previsto</th><th scope="col">Extra</th><th scope="col">Incidencia</th></tr></thead><tbody>
${m.Dias.filter((d) => d.Entrada || d.Previstos > 0)
  .map(
    (d) =>
      `<tr><td>${formatDate(d.Dia)}</td><td>${hora(d.Entrada)}</td><td>${hora(d.Salida)}</td><td>${formatMinutes(d.Trabajados)}</td><td>${formatMinutes(d.Pausas)}</td><td>${formatMinutes(d.Previstos)}</td><td>${formatMinutes(d.Extra)}</td><td>${[d.SinSalida ? 'Falta la salida' : '', d.Ausencia ? 'Ausencia' : '', d.Permiso ?? ''].filter(Boolean).map(esc).join(', ')}</td></tr>`,
  )
  .join('\n')}
</tbody></table></section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Registro de jornada · ${esc(empresa)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left}caption{text-align:left;font-weight:600}.scroll{overflow-x:auto}a{color:#0b4f9c}</style></head>
<body><main><h1>Registro de jornada · ${esc(empresa)}</h1>
<p>Periodo del ${formatDate(e.Desde)} al ${formatDate(e.Hasta)}. Acceso de solo lectura para ${esc(e.Destinatario)}, válido hasta el ${esc(new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'short' }).format(e.Caduca))}. Cada acceso queda registrado.</p>
<p>Descargar: <a href="${esc(base)}/exportar?Formato=pdf">PDF</a> · <a href="${esc(base)}/exportar?Formato=xlsx">Excel (xlsx)</a> · <a href="${esc(base)}/exportar?Formato=csv">CSV</a></p>
<div class="scroll">${tablas || '<p>No hay registros en el periodo.</p>'}</div></main></body></html>`;
}
