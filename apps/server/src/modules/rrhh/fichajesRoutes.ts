import { clockWord, MSG, sha256HexUpper } from '@faro/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { fichajes, fichajesAceptaciones } from '../../platform/tenancy/tables.ts';
import { anotarFichaje, verificarFichajes } from './cadena.ts';
import { correccionBody, listarCorrecciones, proponer, resolver, respuestaBody } from './correcciones.ts';
import { COLUMNAS_DIAS, COLUMNAS_REGISTROS, enviarHoja, filasDias, filasRegistros, formatoDe } from './hoja.ts';
import {
  fichajeJson,
  fichajesEntre,
  limitesMes,
  mesDe,
  mesPersona,
  personaFichaje,
  personasFichaje,
} from './jornadas.ts';
import { comprobarPin, guardarPin } from './kiosco.ts';

const coordinate = (max: number) =>
  z
    .number({ error: MSG.format })
    .min(-max, { error: MSG.min(-max) })
    .max(max, { error: MSG.max(max) })
    .nullish();

/** Offline entries may arrive up to a week late; later than that they are a correction. */
const OFFLINE_MAX_MS = 7 * 24 * 3600_000;

export const clockBody = z
  .object({
    Tipo: z.enum(['j', 'p'], { error: 'Tipo debe ser j (jornada) o p (pausa)' }),
    Origen: z.enum(['w', 'm'], { error: 'Origen debe ser w (web) o m (móvil)' }).default('w'),
    MotivoPausa: z
      .string()
      .trim()
      .max(200, { error: MSG.maxLength('Motivo de la pausa', 200) })
      .nullish(),
    Latitud: coordinate(90),
    Longitud: coordinate(180),
    /** The browser's id of the entry (offline queues resend it: it arrives once). */
    IdCliente: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MSG.format })
      .nullish(),
    /** Device time of an entry taken without network (then flagged offline). */
    FechaDispositivo: z.iso.datetime({ error: MSG.format, offset: true }).nullish(),
  })
  .refine((b) => (b.Latitud == null) === (b.Longitud == null), {
    error: 'Latitud y Longitud van juntas',
    path: ['Latitud'],
  });

const kioskBody = z.object({
  Codigo: z
    .string({ error: MSG.required('Código de empleado') })
    .trim()
    .min(1, { error: MSG.required('Código de empleado') })
    .max(20),
  Pin: z.string({ error: MSG.required('PIN') }).regex(/^\d{4,8}$/, { error: 'El PIN tiene de 4 a 8 cifras' }),
  Tipo: z.enum(['j', 'p'], { error: 'Tipo debe ser j (jornada) o p (pausa)' }),
  MotivoPausa: z.string().trim().max(200).nullish(),
});

const pinBody = z.object({
  Pin: z.string({ error: MSG.required('PIN') }).regex(/^\d{4,8}$/, { error: 'El PIN tiene de 4 a 8 cifras' }),
});

const aceptarBody = z.object({
  Mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El mes debe tener el formato aaaa-mm' }),
});

const idParam = (request: FastifyRequest) => {
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(404, 'No existe la corrección');
  return id;
};
const personaParam = (value: unknown) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(400, 'Indica el empleado (IdPersona)');
  return id;
};
const origenDe = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  dispositivo: String(request.headers['user-agent'] ?? '').slice(0, 200) || null,
});
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/** The hash of what a worker accepted: the month's days and totals as shown. */
export const huellaHoja = (m: Awaited<ReturnType<typeof mesPersona>>) =>
  sha256HexUpper(
    JSON.stringify({
      Mes: m.Mes,
      Persona: m.Persona.IdPersona,
      Dias: m.Dias.map((d) => [d.Dia, d.Trabajados, d.Pausas, d.Extra]),
      Fichajes: m.Fichajes.map((f) => f.Huella),
    }),
  );

/**
 * The time clock: append-only, hash-chained entries; the worker's routes (`fichajesusu`, time-clock
 * access), the managers' (`fichajes`, `fichajescorr`: PersEmple) and the shared tablet's kiosk.
 */
export const fichajesRoutes: AreaModule = (app, deps) => {
  const tags = ['rrhh'];
  const mine = (request: FastifyRequest) => companyCtx(request).personaId;

  app.get(
    '/api/rrhh/fichajesusu/list',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Mis fichajes' } },
    async (request) => {
      const q = parseListQuery(request.query);
      const scope = deps.scopeOf(request);
      const where = eq(fichajes.personaId, mine(request));
      const rows = await scope
        .select(fichajes, where)
        .orderBy(desc(fichajes.fecha), desc(fichajes.id))
        .limit(q.TotalPagina)
        .offset((q.Pagina - 1) * q.TotalPagina);
      const [{ n } = { n: 0 }] = await scope.pick({ n: count() }, fichajes, where);
      return { Items: rows.map(fichajeJson), Total: n, TotalLimitado: false };
    },
  );

  app.post(
    '/api/rrhh/fichajesusu/save',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Fichar', body: clockBody } },
    async (request) => {
      const body = parseBody(clockBody, request.body) as z.infer<typeof clockBody>;
      const now = Date.now();
      let fecha = new Date(now);
      const offline = !!body.FechaDispositivo;
      if (body.FechaDispositivo) {
        fecha = new Date(body.FechaDispositivo);
        if (fecha.getTime() > now + 5 * 60_000 || fecha.getTime() < now - OFFLINE_MAX_MS) {
          throw new AppError(400, MSG.formInvalid, [
            {
              Campo: 'FechaDispositivo',
              Mensaje: 'La hora del dispositivo no es válida: propón una corrección del fichaje',
            },
          ]);
        }
      }
      const { row, repetido } = await deps.scopeOf(request).tx((tx) =>
        anotarFichaje(tx, mine(request), {
          tipo: body.Tipo,
          motivoPausa: body.MotivoPausa ?? null,
          fecha,
          origen: body.Origen,
          latitud: body.Latitud,
          longitud: body.Longitud,
          offline,
          idCliente: body.IdCliente ?? null,
          ...origenDe(request),
        }),
      );
      const estado = row.estado as 'e' | 's' | 'p' | 'r';
      return {
        Id: row.id,
        Estado: estado,
        Fecha: row.fecha.toISOString(),
        Offline: row.offline,
        Repetido: repetido,
        Mensaje: MSG.clockRegistered(clockWord(estado)),
      };
    },
  );

  app.get(
    '/api/rrhh/fichajesusu/mes',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Mi mes de fichajes' } },
    async (request) => {
      const scope = deps.scopeOf(request);
      const mes = mesDe(query(request).Mes);
      const m = await mesPersona(scope, await personaFichaje(scope, mine(request)), mes);
      return { ...m, Aceptacion: await aceptacion(scope, mine(request), mes) };
    },
  );

  app.post(
    '/api/rrhh/fichajesusu/aceptar',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Aceptar la hoja mensual', body: aceptarBody } },
    async (request) => {
      const { Mes } = parseBody(aceptarBody, request.body) as z.infer<typeof aceptarBody>;
      const scope = deps.scopeOf(request);
      const personaId = mine(request);
      return scope.tx(async (tx) => {
        if (await aceptacion(tx, personaId, Mes)) throw new AppError(400, 'Ya aceptaste la hoja de este mes');
        const m = await mesPersona(tx, await personaFichaje(tx, personaId), Mes);
        const [row] = await tx
          .insert(fichajesAceptaciones, {
            IdPersona: personaId,
            Mes,
            Trabajados: m.Trabajados,
            Huella: huellaHoja(m),
            Ip: request.ip ?? null,
          })
          .returning();
        await tx.audit({ accion: 'A', recurso: 'fichajesaceptacion', idRegistro: row!.Id, campos: { Mes } });
        return { ...row!, Mensaje: 'Has aceptado la hoja de registro del mes' };
      });
    },
  );

  app.get(
    '/api/rrhh/fichajesusu/hoja',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Mi hoja mensual (pdf, xlsx, csv)' } },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const q = query(request);
      const mes = mesDe(q.Mes);
      const formato = formatoDe(q.Formato);
      const m = await mesPersona(scope, await personaFichaje(scope, mine(request)), mes);
      return enviarHoja(reply, formato, `Registro de jornada ${mes} · ${m.Persona.Nombre}`, `jornada-${mes}`, [
        { columnas: COLUMNAS_DIAS, filas: filasDias([m]) },
        { columnas: COLUMNAS_REGISTROS, filas: filasRegistros([m]) },
      ]);
    },
  );

  // Corrections, the worker's side.
  app.get(
    '/api/rrhh/fichajesusu/correcciones',
    { config: { access: access.timeclock }, schema: { tags, summary: 'Mis correcciones de fichajes' } },
    async (request) => ({ Items: await listarCorrecciones(deps.scopeOf(request), mine(request)) }),
  );
  app.post(
    '/api/rrhh/fichajesusu/correccion',
    {
      config: { access: access.timeclock },
      schema: { tags, summary: 'Proponer una corrección', body: correccionBody },
    },
    async (request, reply) => {
      const b = parseBody(correccionBody, request.body) as z.infer<typeof correccionBody>;
      const me = mine(request);
      return reply.status(201).send(await proponer(deps.scopeOf(request), me, 't', me, b));
    },
  );
  for (const [accion, aprobar] of [
    ['aprobar', true],
    ['rechazar', false],
  ] as const) {
    app.post(
      `/api/rrhh/fichajesusu/correccion/${accion}/:id`,
      {
        config: { access: access.timeclock },
        schema: { tags, summary: `${aprobar ? 'Aprobar' : 'Rechazar'} la corrección propuesta por el responsable` },
      },
      async (request) => {
        const b = parseBody(respuestaBody, request.body ?? {}) as z.infer<typeof respuestaBody>;
        const me = mine(request);
        return resolver(
          deps.scopeOf(request),
          idParam(request),
          't',
          me,
          aprobar,
          b?.Respuesta ?? null,
          origenDe(request),
          me,
        );
      },
    );
    app.post(
      `/api/rrhh/fichajescorr/${accion}/:id`,
      {
        config: { access: access.permission('PersEmple', 2) },
        schema: { tags, summary: `${aprobar ? 'Aprobar' : 'Rechazar'} la corrección propuesta por el trabajador` },
      },
      async (request) => {
        const b = parseBody(respuestaBody, request.body ?? {}) as z.infer<typeof respuestaBody>;
        return resolver(
          deps.scopeOf(request),
          idParam(request),
          'r',
          mine(request),
          aprobar,
          b?.Respuesta ?? null,
          origenDe(request),
        );
      },
    );
  }

  // Corrections, the managers' side.
  const managerBody = correccionBody.and(
    z.object({
      IdPersona: z
        .number({ error: MSG.required('Empleado') })
        .int()
        .positive(),
    }),
  );
  app.get(
    '/api/rrhh/fichajescorr/list',
    { config: { access: access.permission('PersEmple', 1) }, schema: { tags, summary: 'Correcciones de fichajes' } },
    async (request) => {
      const q = query(request);
      const situacion = typeof q.Situacion === 'string' && q.Situacion ? q.Situacion : undefined;
      const persona = q.IdPersona ? personaParam(q.IdPersona) : undefined;
      return { Items: await listarCorrecciones(deps.scopeOf(request), persona, situacion) };
    },
  );
  app.post(
    '/api/rrhh/fichajescorr/save',
    {
      config: { access: access.permission('PersEmple', 2) },
      schema: { tags, summary: 'Proponer una corrección a un trabajador', body: managerBody },
    },
    async (request, reply) => {
      const b = parseBody(managerBody, request.body) as z.infer<typeof managerBody>;
      const scope = deps.scopeOf(request);
      await personaFichaje(scope, b.IdPersona);
      return reply.status(201).send(await proponer(scope, b.IdPersona, 'r', mine(request), b));
    },
  );

  // The managers' views.
  const lectura = { access: access.permission('PersEmple', 1) };
  app.get(
    '/api/rrhh/fichajes/personas',
    { config: lectura, schema: { tags, summary: 'Empleados con control horario' } },
    async (request) => ({ Items: await personasFichaje(deps.scopeOf(request)) }),
  );
  app.get(
    '/api/rrhh/fichajes/mes',
    { config: lectura, schema: { tags, summary: 'Mes de fichajes de un empleado' } },
    async (request) => {
      const scope = deps.scopeOf(request);
      const q = query(request);
      const persona = personaParam(q.IdPersona);
      const mes = mesDe(q.Mes);
      const m = await mesPersona(scope, await personaFichaje(scope, persona), mes);
      return { ...m, Aceptacion: await aceptacion(scope, persona, mes) };
    },
  );
  app.get(
    '/api/rrhh/fichajes/informe',
    { config: lectura, schema: { tags, summary: 'Horas por empleado y mes' } },
    async (request) => {
      const scope = deps.scopeOf(request);
      const mes = mesDe(query(request).Mes);
      const meses = await mesesDe(scope, mes);
      return {
        Mes: mes,
        Items: meses.map((m) => ({
          IdPersona: m.Persona.IdPersona,
          Nombre: m.Persona.Nombre,
          IdCentro: m.Persona.IdCentro,
          Trabajados: m.Trabajados,
          Pausas: m.Pausas,
          Previstos: m.Previstos,
          Extra: m.Extra,
          Ausencias: m.Ausencias,
          SinSalida: m.SinSalida,
          Alertas: m.Alertas,
        })),
      };
    },
  );
  app.get(
    '/api/rrhh/fichajes/hoja',
    { config: lectura, schema: { tags, summary: 'Hoja mensual de registro (pdf, xlsx, csv)' } },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const q = query(request);
      const mes = mesDe(q.Mes);
      const formato = formatoDe(q.Formato);
      const meses = q.IdPersona
        ? [await mesPersona(scope, await personaFichaje(scope, personaParam(q.IdPersona)), mes)]
        : await mesesDe(scope, mes);
      return enviarHoja(reply, formato, `Registro de jornada ${mes}`, `jornada-${mes}`, [
        { columnas: COLUMNAS_DIAS, filas: filasDias(meses) },
        { columnas: COLUMNAS_REGISTROS, filas: filasRegistros(meses) },
      ]);
    },
  );
  app.get(
    '/api/rrhh/fichajes/verificar',
    { config: lectura, schema: { tags, summary: 'Verificar la cadena de fichajes' } },
    async (request) => {
      const q = query(request);
      return verificarFichajes(deps.scopeOf(request), q.IdPersona ? personaParam(q.IdPersona) : undefined);
    },
  );

  // Kiosk: a shared tablet signed in by a manager; each worker types their employee code and PIN.
  app.put(
    '/api/rrhh/fichajes/pin/:id',
    {
      config: { access: access.permission('PersEmple', 2) },
      schema: { tags, summary: 'PIN del quiosco de un empleado', body: pinBody },
    },
    async (request) => {
      const { Pin } = parseBody(pinBody, request.body) as z.infer<typeof pinBody>;
      const scope = deps.scopeOf(request);
      const persona = await personaFichaje(scope, personaParam((request.params as { id: string }).id));
      await guardarPin(scope, persona.IdPersona, Pin);
      return { Mensaje: 'PIN guardado' };
    },
  );
  app.post(
    '/api/rrhh/kiosco/fichar',
    {
      config: { access: access.permission('PersEmple', 1) },
      schema: { tags, summary: 'Fichar en el quiosco (código y PIN)', body: kioskBody },
    },
    async (request) => {
      const b = parseBody(kioskBody, request.body) as z.infer<typeof kioskBody>;
      const scope = deps.scopeOf(request);
      const personaId = await comprobarPin(scope, b.Codigo, b.Pin);
      const { row } = await scope.tx((tx) =>
        anotarFichaje(tx, personaId, {
          tipo: b.Tipo,
          motivoPausa: b.MotivoPausa ?? null,
          fecha: new Date(),
          origen: 'k',
          ...origenDe(request),
        }),
      );
      const estado = row.estado as 'e' | 's' | 'p' | 'r';
      return { Estado: estado, Fecha: row.fecha.toISOString(), Mensaje: MSG.clockRegistered(clockWord(estado)) };
    },
  );
};

async function aceptacion(scope: Scope, personaId: number, mes: string) {
  const [row] = await scope.select(
    fichajesAceptaciones,
    and(eq(fichajesAceptaciones.IdPersona, personaId), eq(fichajesAceptaciones.Mes, mes)),
  );
  return row ? { ...row, AceptadaEn: row.AceptadaEn.toISOString() } : null;
}

/** Every person's month, reading the entries of all of them in one statement. */
export async function mesesDe(scope: Scope, mes: string, soloPersona?: number | null) {
  const personas = await personasFichaje(scope, soloPersona ?? undefined);
  const rows = await fichajesEntre(
    scope,
    personas.map((p) => p.IdPersona),
    limitesMes(mes),
  );
  const byPersona = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byPersona.get(r.personaId) ?? [];
    list.push(r);
    byPersona.set(r.personaId, list);
  }
  const out = [];
  for (const p of personas) out.push(await mesPersona(scope, p, mes, byPersona.get(p.IdPersona) ?? []));
  return out;
}
