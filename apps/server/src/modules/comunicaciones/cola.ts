import { type Canal, MSG_MARKETING, sustituirMarcadores } from '@faro/domain';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Job } from '../../platform/jobs/runner.ts';
import type { CompanyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { mkBajas, mkCampanas, mkConfig, mkMensajes } from '../../platform/tenancy/tables.ts';
import { crearAviso } from '../crm/avisos.ts';
import { imgApertura } from './apertura.ts';
import { destinatarios } from './audiencia.ts';
import { tokenBaja } from './bajas.ts';
import { type Transporte, transporteCorreo, transporteSms } from './transportes.ts';

const m = mkMensajes;
/** Lease of a claimed batch: a worker that dies leaves its rows to be recovered after this. */
export const LEASE_MS = 5 * 60_000;
export const MAX_INTENTOS = 5;
/** Back-off after a failed attempt n (1, 2, 4, 8… minutes). */
export const espera = (intentos: number) => 2 ** Math.max(0, intentos - 1) * 60_000;
const LOTE_INSERT = 4000;

/**
 * Queues a campaign: one row per recipient of its segment on its channel (unique per campaign and recipient, so
 * queuing twice adds nobody twice), in one transaction with the campaign's status. Returns how many were queued.
 */
export async function encolarCampana(s: Scope, idCampana: number, ahora = new Date()): Promise<number> {
  return s.tx(async (t) => {
    const [c] = await t.select(mkCampanas, eq(mkCampanas.Id, idCampana)).for('update');
    if (!c) return 0;
    const lista = await destinatarios(t, c.IdSegmentacion, c.Canal as Canal);
    let n = 0;
    for (let i = 0; i < lista.length; i += LOTE_INSERT) {
      const filas = lista.slice(i, i + LOTE_INSERT).map((d) => ({
        IdCampana: idCampana,
        Canal: c.Canal,
        TipoContacto: d.TipoContacto,
        IdContacto: d.IdContacto,
        Nombre: d.Nombre,
        Destino: d.Destino,
        ProximoIntento: ahora.toISOString(),
      }));
      n += (await t.insert(m, filas).onConflictDoNothing().returning({ Id: m.Id })).length;
    }
    await t.update(mkCampanas, { Estado: 'enviando', Encolada: ahora.toISOString() }, eq(mkCampanas.Id, idCampana));
    return n;
  });
}

export interface OpcionesCola {
  secret: string;
  smtpUrl?: string;
  remitente: string;
  publicUrl: string;
  ahora?: () => Date;
  /** Tests: the transports to use instead of the company's (a crashing wrapper, a local gateway). */
  transportes?: Partial<Record<Canal, Transporte>>;
  /** Most messages per company and run (besides the company's per-minute limit). */
  lote?: number;
}

/**
 * Rows left in Procesando by a worker that died (lease expired): never started → back to Pendiente; started (the
 * send may have happened) → error, never retried, so nobody receives a message twice.
 */
async function recuperar(t: Scope, ahora: Date) {
  const vencido = and(eq(m.Estado, 1), lt(m.BloqueadoHasta, ahora.toISOString()));
  await t.update(m, { Estado: 0, BloqueadoHasta: null }, and(vencido, isNull(m.Procesado)));
  await t.update(
    m,
    { Estado: 3, BloqueadoHasta: null, Error: MSG_MARKETING.interrumpido },
    and(vencido, isNotNull(m.Procesado)),
  );
}

/** Sends the due messages of one company within its per-minute limit. Returns [sent, failed]. */
export async function procesarEmpresa(s: Scope, o: OpcionesCola): Promise<[number, number]> {
  const ahora = (o.ahora ?? (() => new Date()))();
  await recuperar(s, ahora);
  const [conf] = await s.select(mkConfig);
  const limite = conf?.LimiteMinuto ?? 120;
  const [hechos] = await s.pick(
    { n: count() },
    m,
    and(eq(m.Estado, 2), gte(m.Procesado, new Date(ahora.getTime() - 60_000).toISOString())),
  );
  const cupo = Math.min(o.lote ?? 500, limite - Number(hechos?.n ?? 0));
  if (cupo <= 0) return [0, 0];
  // Claim a batch with a lease: concurrent workers skip each other's rows.
  const lote = await s.tx(async (t) => {
    const filas = await t
      .select(m, and(eq(m.Estado, 0), lte(m.ProximoIntento, ahora.toISOString())))
      .orderBy(asc(m.ProximoIntento), asc(m.Id))
      .limit(cupo)
      .for('update', { skipLocked: true });
    if (filas.length) {
      await t.update(
        m,
        { Estado: 1, BloqueadoHasta: new Date(ahora.getTime() + LEASE_MS).toISOString(), Procesado: null },
        inArray(
          m.Id,
          filas.map((f) => f.Id),
        ),
      );
    }
    return filas;
  });
  if (!lote.length) return [0, 0];
  const campanas = new Map(
    (await s.select(mkCampanas, inArray(mkCampanas.Id, [...new Set(lote.map((f) => f.IdCampana))]))).map((c) => [
      c.Id,
      c,
    ]),
  );
  const transportes: Record<Canal, Transporte> = {
    email: o.transportes?.email ?? transporteCorreo(conf, o),
    sms: o.transportes?.sms ?? transporteSms(conf, o.secret),
  };
  let ok = 0;
  let mal = 0;
  try {
    for (const f of lote) {
      const c = campanas.get(f.IdCampana)!;
      // Unsubscribed since it was queued: never sent.
      const [baja] = await s.pick(
        { x: mkBajas.IdContacto },
        mkBajas,
        and(eq(mkBajas.TipoContacto, f.TipoContacto), eq(mkBajas.IdContacto, f.IdContacto)),
      );
      if (baja) {
        await s.update(m, { Estado: 3, Error: 'Dado de baja', BloqueadoHasta: null }, eq(m.Id, f.Id));
        continue;
      }
      // Mark the attempt as started BEFORE sending: a crash from here on is never retried (no duplicates).
      await s.update(
        m,
        { Procesado: ahora.toISOString(), Intentos: f.Intentos + 1 },
        and(eq(m.Id, f.Id), eq(m.Estado, 1)),
      );
      const baja_ = `${o.publicUrl.replace(/\/$/, '')}/baja/${tokenBaja(o.secret, { empresaId: s.empresaId, tipo: f.TipoContacto as 'c' | 'p', idContacto: f.IdContacto, idCampana: f.IdCampana })}`;
      const datos = { Nombre: f.Nombre };
      const texto = sustituirMarcadores(f.Texto ?? c.Cuerpo, datos);
      try {
        if (f.Canal === 'email') {
          const pixel = c.Pixel ? imgApertura(o.publicUrl, o.secret, s.empresaId, f.Id) : '';
          const html = `${texto}<hr><p style="font-size:12px">Si no quieres recibir más comunicaciones, <a href="${baja_}">date de baja aquí</a>.</p>${pixel}`;
          const plano = `${texto
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()}\n\nDarse de baja: ${baja_}`;
          await transportes.email.enviar({
            para: f.Destino,
            asunto: sustituirMarcadores(c.Asunto ?? c.Nombre, datos),
            texto: plano,
            html,
            baja: baja_,
            id: `mk-${s.empresaId}-${f.Id}`,
          });
        } else {
          await transportes.sms.enviar({ para: f.Destino, asunto: '', texto, id: `mk-${s.empresaId}-${f.Id}` });
        }
        await s.update(
          m,
          { Estado: 2, Error: null, BloqueadoHasta: null, Procesado: (o.ahora ?? (() => new Date()))().toISOString() },
          eq(m.Id, f.Id),
        );
        ok++;
      } catch (error) {
        const intentos = f.Intentos + 1;
        const motivo = (error as Error).message.slice(0, 500);
        await s.update(
          m,
          intentos >= MAX_INTENTOS
            ? { Estado: 3, Error: motivo, BloqueadoHasta: null }
            : {
                Estado: 0,
                Error: motivo,
                BloqueadoHasta: null,
                Procesado: null,
                ProximoIntento: new Date(ahora.getTime() + espera(intentos)).toISOString(),
              },
          eq(m.Id, f.Id),
        );
        mal++;
      }
    }
  } finally {
    transportes.email.cerrar?.();
  }
  await cerrarCampanas(s, [...campanas.keys()]);
  return [ok, mal];
}

/**
 * A campaign whose queue has nothing pending or in progress is 'enviada', and the company's members get an
 * information notice (the bell) with what was sent and what failed.
 */
async function cerrarCampanas(s: Scope, ids: number[]) {
  for (const id of ids) {
    const [vivo] = await s
      .pick({ Id: m.Id }, m, and(eq(m.IdCampana, id), or(eq(m.Estado, 0), eq(m.Estado, 1))))
      .limit(1);
    if (vivo) continue;
    const [cerrada] = await s
      .update(mkCampanas, { Estado: 'enviada' }, and(eq(mkCampanas.Id, id), eq(mkCampanas.Estado, 'enviando')))
      .returning({ Nombre: mkCampanas.Nombre, Canal: mkCampanas.Canal });
    if (!cerrada) continue;
    const [enviados] = await s.pick({ n: count() }, m, and(eq(m.IdCampana, id), eq(m.Estado, 2)));
    const [total] = await s.pick({ n: count() }, m, eq(m.IdCampana, id));
    await crearAviso(s, {
      Prioridad: 'i',
      Titulo: `Campaña «${cerrada.Nombre}» enviada`,
      Texto: `${enviados?.n ?? 0} enviados de ${total?.n ?? 0}`,
      Enlace: `/${cerrada.Canal === 'sms' ? 'sms' : 'correos'}/editar/${id}`,
      Clave: `campana-enviada-${id}`,
    });
  }
}

/** Queues the scheduled campaigns that are due and sends what is due in every company. */
export async function procesarCola(dir: CompanyDirectory, o: OpcionesCola): Promise<string> {
  const ahora = (o.ahora ?? (() => new Date()))();
  const programadas = and(eq(mkCampanas.Estado, 'programada'), lte(mkCampanas.Programada, ahora.toISOString()));
  for (const empresaId of await dir.companiesWith(mkCampanas, programadas)) {
    const s = dir.scope(empresaId);
    for (const c of await s.pick({ Id: mkCampanas.Id }, mkCampanas, programadas)) await encolarCampana(s, c.Id, ahora);
  }
  const pendiente = or(
    and(eq(m.Estado, 0), lte(m.ProximoIntento, ahora.toISOString())),
    and(eq(m.Estado, 1), lt(m.BloqueadoHasta, ahora.toISOString())),
  );
  let ok = 0;
  let mal = 0;
  for (const empresaId of await dir.companiesWith(m, pendiente)) {
    const [a, b] = await procesarEmpresa(dir.scope(empresaId), o);
    ok += a;
    mal += b;
  }
  return `${ok} enviados, ${mal} con error`;
}

/** The name of the marketing queue's job. */
export const COLA_MENSAJES = 'cola-mensajes';

/**
 * The marketing queue's job (every minute; the queue survives restarts in `mk_mensajes`). A campaign sent now runs it
 * at once (`AppDeps.trabajos`); the minute ticks carry on with what the company's per-minute limit leaves.
 */
export function trabajoColaMensajes(dir: CompanyDirectory, o: OpcionesCola): Job {
  return { nombre: COLA_MENSAJES, intervaloSegundos: 60, run: () => procesarCola(dir, o) };
}
