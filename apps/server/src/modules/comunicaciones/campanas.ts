import {
  type CampanaInput,
  type Canal,
  campanaSchema,
  contarSms,
  MSG_MARKETING,
  reglasSegmentoSchema,
  sanitizeRichText,
} from '@faro/domain';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { smtpAlGuardar, urlAlGuardar } from '../../platform/egress/alGuardar.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  col,
  mkBajas,
  mkCampanas,
  mkConfig,
  mkMensajes,
  mkSegmentosReglas,
  segmentacionTable,
} from '../../platform/tenancy/tables.ts';
import { destinatarios } from './audiencia.ts';
import { COLA_MENSAJES, encolarCampana } from './cola.ts';
import { cifrarClave } from './transportes.ts';

const c = mkCampanas;
const idDe = (request: FastifyRequest) => {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

async function cargar(s: Scope, canal: Canal, id: number) {
  const [row] = await s
    .pick({ campana: c, Segmento: col(segmentacionTable, 'Descripcion') }, c, and(eq(c.Id, id), eq(c.Canal, canal)))
    .leftJoin(segmentacionTable, s.on(segmentacionTable, eq(col(segmentacionTable, 'Id'), c.IdSegmentacion)));
  if (!row) throw notFound();
  const { empresaId: _e, ...json } = row.campana;
  return { ...json, Segmento: row.Segmento as string | null, Informe: await informe(s, id) };
}

/** Per-campaign report: queued, pending, sent, failed, opened (pixel), unsubscribed through this campaign. */
async function informe(s: Scope, id: number) {
  const filas = await s
    .pick({ Estado: mkMensajes.Estado, n: count() }, mkMensajes, eq(mkMensajes.IdCampana, id))
    .groupBy(mkMensajes.Estado);
  const n = (e: number) => Number(filas.find((f) => f.Estado === e)?.n ?? 0);
  const [b] = await s.pick({ n: count() }, mkBajas, eq(mkBajas.IdCampana, id));
  const [ab] = await s.pick(
    { n: count() },
    mkMensajes,
    and(eq(mkMensajes.IdCampana, id), isNotNull(mkMensajes.Abierto)),
  );
  return {
    Encolados: filas.reduce((a, f) => a + Number(f.n), 0),
    Pendientes: n(0) + n(1),
    Enviados: n(2),
    Fallidos: n(3),
    Bajas: Number(b?.n ?? 0),
    /** Opened at least once (pixel loaded; clients that block images are not counted). */
    Abiertos: Number(ab?.n ?? 0),
  };
}

async function comprobarSegmento(s: Scope, id: number) {
  const [seg] = await s.pick(
    { Id: col(segmentacionTable, 'Id') },
    segmentacionTable,
    eq(col(segmentacionTable, 'Id'), id),
  );
  if (!seg) throw fieldError('IdSegmentacion', 'El segmento no existe');
}

const configBody = z.object({
  SmtpHost: z.string().trim().max(200).nullish(),
  SmtpPuerto: z.coerce.number().int().min(1).max(65535).nullish(),
  SmtpSeguro: z.boolean().optional().default(false),
  SmtpUsuario: z.string().trim().max(200).nullish(),
  SmtpClave: z.string().max(200).nullish(),
  Remitente: z.string().trim().max(200).nullish(),
  SmsUrl: z
    .url({ protocol: /^https?$/, error: 'El formato es incorrecto' })
    .nullish()
    .or(z.literal('').transform(() => null)),
  SmsUsuario: z.string().trim().max(200).nullish(),
  SmsClave: z.string().max(200).nullish(),
  SmsRemitente: z.string().trim().max(11).nullish(),
  LimiteMinuto: z.coerce.number().int().min(1).max(100_000).optional().default(120),
});

/** Marketing by e-mail (`correos`) and SMS (`sms`): campaigns, the live audience, queueing, report, settings. */
export const campanasRoutes: AreaModule = (app, deps) => {
  const tags = ['comunicaciones'];
  const leer = { access: access.permission('MarketCorreos', 1) };
  const editar = { access: access.permission('MarketCorreos', 2) };
  const borrar = { access: access.permission('MarketCorreos', 3) };

  for (const [recurso, canal] of [
    ['correos', 'email'],
    ['sms', 'sms'],
  ] as const) {
    const base = `/api/comunicaciones/${recurso}`;
    const validar = (body: CampanaInput) => {
      if (canal === 'email' && !body.Asunto) throw fieldError('Asunto', 'Asunto es obligatorio');
      if (canal === 'email') body.Cuerpo = sanitizeRichText(body.Cuerpo);
      if (canal === 'sms' && contarSms(body.Cuerpo).Partes > 6)
        throw fieldError('Cuerpo', 'El SMS no puede ocupar más de 6 mensajes');
    };
    app.get(`${base}/list`, { config: leer, schema: { tags } }, async (request) => {
      const s = deps.scopeOf(request);
      const q = parseListQuery(request.query);
      const where = and(
        eq(c.Canal, canal),
        typeof q.Filtros.Estado === 'string' && q.Filtros.Estado ? eq(c.Estado, q.Filtros.Estado) : undefined,
      );
      const Items = await s
        .pick(
          {
            Id: c.Id,
            Nombre: c.Nombre,
            Estado: c.Estado,
            Programada: c.Programada,
            Encolada: c.Encolada,
            Segmento: col(segmentacionTable, 'Descripcion'),
            Enviados: sql<number>`(select count(*)::int from ${mkMensajes} where ${s.mine(mkMensajes)} and ${mkMensajes.IdCampana} = ${c.Id} and ${mkMensajes.Estado} = 2)`,
            Encolados: sql<number>`(select count(*)::int from ${mkMensajes} where ${s.mine(mkMensajes)} and ${mkMensajes.IdCampana} = ${c.Id})`,
          },
          c,
          where,
        )
        .leftJoin(segmentacionTable, s.on(segmentacionTable, eq(col(segmentacionTable, 'Id'), c.IdSegmentacion)))
        .orderBy(desc(c.Creado), desc(c.Id))
        .limit(q.TotalPagina)
        .offset((q.Pagina - 1) * q.TotalPagina);
      const [n] = await s.pick({ n: count() }, c, where);
      return { Items, Total: Number(n?.n ?? 0), TotalLimitado: false };
    });
    app.get(`${base}/edit/:id`, { config: leer, schema: { tags } }, (request) =>
      cargar(deps.scopeOf(request), canal, idDe(request)),
    );
    app.post(`${base}/save`, { config: editar, schema: { tags, body: campanaSchema } }, async (request, reply) => {
      const s = deps.scopeOf(request);
      const body = parseBody(campanaSchema, request.body) as CampanaInput;
      validar(body);
      await comprobarSegmento(s, body.IdSegmentacion);
      const id = await s.tx(async (t) => {
        const [r] = await t
          .insert(c, {
            ...body,
            Canal: canal,
            Asunto: body.Asunto ?? null,
            IdPlantilla: body.IdPlantilla ?? null,
            Programada: body.Programada ?? null,
          })
          .returning({ Id: c.Id });
        await t.audit({ accion: 'A', recurso, idRegistro: r!.Id, campos: body });
        return r!.Id;
      });
      return reply.code(201).send(await cargar(s, canal, id));
    });
    app.put(`${base}/save/:id`, { config: editar, schema: { tags, body: campanaSchema } }, async (request) => {
      const s = deps.scopeOf(request);
      const id = idDe(request);
      const antes = await cargar(s, canal, id);
      const body = parseBody(campanaSchema, request.body) as CampanaInput;
      if (antes.Estado === 'enviando' || antes.Estado === 'enviada') throw badRequest(MSG_MARKETING.yaEnviada);
      validar(body);
      await comprobarSegmento(s, body.IdSegmentacion);
      await s.tx(async (t) => {
        await t.update(
          c,
          {
            ...body,
            Asunto: body.Asunto ?? null,
            IdPlantilla: body.IdPlantilla ?? null,
            Programada: body.Programada ?? null,
          },
          eq(c.Id, id),
        );
        await t.audit({ accion: 'M', recurso, idRegistro: id, campos: body });
      });
      return cargar(s, canal, id);
    });
    app.delete(`${base}/delete/:id`, { config: borrar, schema: { tags } }, async (request) => {
      const s = deps.scopeOf(request);
      const id = idDe(request);
      const antes = await cargar(s, canal, id);
      if (antes.Estado === 'enviando' || antes.Estado === 'enviada') throw badRequest(MSG_MARKETING.yaEnviada);
      await s.tx(async (t) => {
        await t.delete(c, eq(c.Id, id));
        await t.audit({ accion: 'D', recurso, idRegistro: id, campos: null });
      });
      return { Mensaje: 'Campaña eliminada' };
    });
    /** Send now (queue every recipient) or, with a future `Programada`, leave it for the job. */
    app.post(`${base}/enviar/:id`, { config: editar, schema: { tags } }, async (request) => {
      const s = deps.scopeOf(request);
      const id = idDe(request);
      const camp = await cargar(s, canal, id);
      if (camp.Estado === 'enviando' || camp.Estado === 'enviada') throw badRequest(MSG_MARKETING.yaEnviada);
      if (camp.Programada && new Date(camp.Programada) > new Date()) {
        await s.update(c, { Estado: 'programada' }, eq(c.Id, id));
        return { Mensaje: 'Campaña programada', Encolados: 0 };
      }
      const n = await encolarCampana(s, id);
      if (!n) {
        await s.update(c, { Estado: 'borrador' }, eq(c.Id, id));
        throw badRequest(MSG_MARKETING.sinDestinatarios);
      }
      await s.audit({ accion: 'M', recurso, idRegistro: id, campos: { Encolados: n } });
      // Sending starts now, not at the queue job's next minute (its lease lets it run beside another process's).
      void deps.trabajos?.ejecutarYa(COLA_MENSAJES);
      return { Mensaje: `Campaña en cola: ${n} destinatarios`, Encolados: n };
    });
    /** The live audience of a segment on this channel (the count the campaign would queue). */
    app.get(`${base}/audiencia`, { config: leer, schema: { tags } }, async (request) => {
      const s = deps.scopeOf(request);
      const id = Number((request.query as { IdSegmentacion?: string }).IdSegmentacion);
      if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('Indica el segmento');
      await comprobarSegmento(s, id);
      const lista = await destinatarios(s, id, canal);
      return { Total: lista.length, Muestra: lista.slice(0, 5).map((d) => ({ Nombre: d.Nombre })) };
    });
  }

  /** Audience rules of a segment (kind, group, province). */
  const reglas = '/api/comunicaciones/segmentacion/reglas/:id';
  app.get(reglas, { config: leer, schema: { tags } }, async (request) => {
    const s = deps.scopeOf(request);
    const id = idDe(request);
    await comprobarSegmento(s, id).catch(() => {
      throw notFound();
    });
    const [r] = await s.select(mkSegmentosReglas, eq(mkSegmentosReglas.IdSegmentacion, id));
    return r
      ? { TipoContacto: r.TipoContacto, IdGrupo: r.IdGrupo, Provincia: r.Provincia }
      : { TipoContacto: null, IdGrupo: null, Provincia: null };
  });
  app.put(reglas, { config: editar, schema: { tags, body: reglasSegmentoSchema } }, async (request) => {
    const s = deps.scopeOf(request);
    const id = idDe(request);
    await comprobarSegmento(s, id).catch(() => {
      throw notFound();
    });
    const body = parseBody(reglasSegmentoSchema, request.body) as z.infer<typeof reglasSegmentoSchema>;
    const v = { TipoContacto: body.TipoContacto, IdGrupo: body.IdGrupo ?? null, Provincia: body.Provincia || null };
    await s.tx(async (t) => {
      await t
        .insert(mkSegmentosReglas, { IdSegmentacion: id, ...v })
        .onConflictDoUpdate({ target: [mkSegmentosReglas.empresaId, mkSegmentosReglas.IdSegmentacion], set: v });
      await t.audit({ accion: 'M', recurso: 'segmentacion', idRegistro: id, campos: v });
    });
    return v;
  });

  /** Sending settings: own SMTP (else the platform's), SMS gateway (passwords encrypted, never returned), rate. */
  const config = '/api/comunicaciones/correos/config';
  app.get(config, { config: leer, schema: { tags } }, async (request) => {
    const [r] = await deps.scopeOf(request).select(mkConfig);
    const {
      empresaId: _e,
      SmtpClave,
      SmsClave,
      ...rest
    } = r ?? { empresaId: 0, SmtpClave: null, SmsClave: null, LimiteMinuto: 120, SmtpSeguro: false };
    return {
      ...rest,
      TieneSmtpClave: !!SmtpClave,
      TieneSmsClave: !!SmsClave,
      ServidorPlataforma: !!deps.config.smtpUrl,
    };
  });
  app.put(
    config,
    { config: { access: access.permission('MarketCorreos', 3) }, schema: { tags, body: configBody } },
    async (request) => {
      const s = deps.scopeOf(request);
      const body = parseBody(configBody, request.body) as z.infer<typeof configBody>;
      await smtpAlGuardar('SmtpHost', 'SmtpPuerto', body.SmtpHost, body.SmtpPuerto ?? 587);
      await urlAlGuardar('SmsUrl', body.SmsUrl);
      const [antes] = await s.select(mkConfig);
      const v = {
        SmtpHost: body.SmtpHost || null,
        SmtpPuerto: body.SmtpPuerto ?? null,
        SmtpSeguro: body.SmtpSeguro,
        SmtpUsuario: body.SmtpUsuario || null,
        SmtpClave: body.SmtpClave ? cifrarClave(deps.secret, body.SmtpClave) : (antes?.SmtpClave ?? null),
        Remitente: body.Remitente || null,
        SmsUrl: body.SmsUrl || null,
        SmsUsuario: body.SmsUsuario || null,
        SmsClave: body.SmsClave ? cifrarClave(deps.secret, body.SmsClave) : (antes?.SmsClave ?? null),
        SmsRemitente: body.SmsRemitente || null,
        LimiteMinuto: body.LimiteMinuto,
      };
      await s.tx(async (t) => {
        await t.insert(mkConfig, v).onConflictDoUpdate({ target: mkConfig.empresaId, set: v });
        await t.audit({
          accion: 'M',
          recurso: 'mkconfig',
          idRegistro: null,
          campos: { ...v, SmtpClave: undefined, SmsClave: undefined },
        });
      });
      return { Mensaje: 'Los datos se han guardado correctamente' };
    },
  );
};
