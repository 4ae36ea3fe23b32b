import {
  type EstadoInforme,
  MSG_ESTADOS_RECIBIDA,
  NOMBRE_ESTADO_RECIBIDA,
  type PlazosRecibida,
  plazosRecibida,
  type TipoEstadoRecibida,
  textoPlazo,
} from '@faro/domain';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { hoyEspana } from '../../../platform/fechas.ts';
import { AppError, badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  efacturaEstados as ee,
  efacturaRecibidas as er,
  pagosCompra,
} from '../../../platform/tenancy/tables.ts';

/**
 * A received e-invoice's reported statuses: accepting or rejecting it (once: a decision is final), and its full
 * payment, queued by itself when the invoice becomes paid in Faro (by hand, a transfer batch or the bank) and
 * taken back while unsent if it stops being so. Each status is a row of the sending queue (`envio.ts`).
 */

export type EstadoRecibida = typeof ee.$inferSelect;
export type FilaRecibida = typeof er.$inferSelect;

/** A status as the API shows it: what, why, when, and where it is on its way to the platform. */
export function estadoJson(r: EstadoRecibida) {
  return {
    Id: r.idRegistro,
    IdDocumento: r.idDocumento,
    Tipo: r.tipo as TipoEstadoRecibida,
    Motivo: r.motivo,
    Detalle: r.detalle,
    Fecha: r.fecha,
    Importe: r.importe,
    Autor: r.autor,
    Creado: r.creado,
    Envio: r.estado,
    Intentos: r.intentos,
    NumeroRegistro: r.numeroRegistro,
    CodigoError: r.codigoError,
    Error: r.descripcionError,
    Enviado: r.enviado,
  };
}
export type EstadoJson = ReturnType<typeof estadoJson>;

/** Marks a purchase invoice as received as an e-invoice (its clock starts now); a second mark changes nothing. */
export async function anotarRecibida(
  t: Scope,
  idDocumento: number,
  datos: { Formato: string; Origen?: 'fichero' | 'correo' | 'spfe' },
): Promise<void> {
  await t
    .insert(er, { IdDocumento: idDocumento, Formato: datos.Formato, Origen: datos.Origen ?? 'fichero' })
    .onConflictDoNothing();
}

/** The received e-invoice row of a purchase invoice, locked for a status change (400 when it is none). */
async function recibidaBloqueada(t: Scope, idDocumento: number): Promise<FilaRecibida> {
  const [r] = await t.select(er, eq(er.IdDocumento, idDocumento)).for('update');
  if (!r) throw badRequest(MSG_ESTADOS_RECIBIDA.noRecibida);
  return r;
}

/** The statuses still standing (a payment taken back while unsent is `anulado`). */
const vigente = ne(ee.estado, 'anulado');

async function estadosDe(s: Scope, idDocumento: number): Promise<EstadoRecibida[]> {
  return s.select(ee, eq(ee.idDocumento, idDocumento)).orderBy(asc(ee.idRegistro));
}

export interface Decision {
  Tipo: 'aceptada' | 'rechazada';
  Motivo?: string | null;
  Detalle?: string | null;
}

/**
 * Accepts or rejects a received e-invoice (today, by the scope's user), queued for the issuer's platform. A
 * decision is made once; a paid invoice cannot be rejected. Inside the caller's transaction.
 */
export async function decidir(t: Scope, idDocumento: number, d: Decision): Promise<EstadoRecibida> {
  await cabeceraCompra(t, idDocumento);
  await recibidaBloqueada(t, idDocumento);
  const previos = (await estadosDe(t, idDocumento)).filter((e) => e.estado !== 'anulado');
  const hecha = previos.find((e) => e.tipo === 'aceptada' || e.tipo === 'rechazada');
  if (hecha) throw new AppError(409, MSG_ESTADOS_RECIBIDA.yaDecidida(NOMBRE_ESTADO_RECIBIDA[hecha.tipo as 'aceptada']));
  if (d.Tipo === 'rechazada' && previos.some((e) => e.tipo === 'pagada'))
    throw new AppError(409, MSG_ESTADOS_RECIBIDA.pagadaNoRechazable);
  const [row] = await t
    .insert(ee, {
      idDocumento,
      tipo: d.Tipo,
      motivo: d.Tipo === 'rechazada' ? (d.Motivo ?? null) : null,
      detalle: d.Detalle?.trim() || null,
      fecha: hoyEspana(),
      autor: t.userName || null,
    })
    .returning();
  await t.audit({ accion: 'A', recurso: 'efactura_estados', idRegistro: row!.idRegistro, campos: estadoJson(row!) });
  return row!;
}

async function cabeceraCompra(t: Scope, idDocumento: number) {
  if (!Number.isSafeInteger(idDocumento) || idDocumento <= 0) throw notFound();
  const [h] = await t.pick(
    { id: dc.id, tipo: dc.tipo, total: dc.total, estadoCobro: dc.estadoCobro },
    dc,
    eq(dc.id, idDocumento),
  );
  if (h?.tipo !== 'factura') throw notFound();
  return h;
}

/**
 * The purchases side's hook on every payment change of an invoice (`recalcularEstado`): a received e-invoice that
 * became fully paid queues its «pagada» with the last payment's date and the amount (kept up to date while it waits);
 * one that stops being fully paid takes back a «pagada» not sent yet (one already sent stays: the platform has it).
 */
export async function alCambiarPago(t: Scope, idFactura: number, estado: string): Promise<void> {
  const [recibida] = await t.pick({ id: er.IdDocumento }, er, eq(er.IdDocumento, idFactura));
  if (!recibida) return;
  const [pagada] = await t
    .pick(
      { id: ee.idRegistro, estado: ee.estado },
      ee,
      and(eq(ee.idDocumento, idFactura), eq(ee.tipo, 'pagada'), vigente),
    )
    .orderBy(desc(ee.idRegistro))
    .limit(1);
  if (estado !== 'Pagado') {
    if (pagada?.estado === 'generado')
      await t.update(ee, { estado: 'anulado', actualizado: sql`now()` }, eq(ee.idRegistro, pagada.id));
    return;
  }
  if (pagada && pagada.estado !== 'generado') return;
  const cv = pagosCompra;
  const [suma] = await t.pick(
    { fecha: sql<string>`max(${cv.Fecha})::text`, importe: sql<string>`sum(${cv.Importe})::text` },
    cv,
    eq(cv.IdFactura, idFactura),
  );
  const pago = { fecha: suma?.fecha ?? hoyEspana(), importe: suma?.importe ?? null };
  // A payment changed in place before the status left: the queued «pagada» takes its new day and amount.
  if (pagada) await t.update(ee, { ...pago, actualizado: sql`now()` }, eq(ee.idRegistro, pagada.id));
  else await t.insert(ee, { idDocumento: idFactura, tipo: 'pagada', ...pago, autor: null });
}

export interface VistaRecibida {
  Recibida: string;
  Formato: string;
  Origen: string;
  Plazos: PlazosRecibida;
  TextoPlazo: string;
  /** The standing decision (aceptada / rechazada) or null. */
  Decision: TipoEstadoRecibida | null;
  Estados: EstadoJson[];
}

/** What a received e-invoice's screen shows: when it came, its clocks and every status with its sending state. */
export async function vistaRecibida(s: Scope, idDocumento: number, hoy = hoyEspana()): Promise<VistaRecibida | null> {
  await cabeceraCompra(s, idDocumento);
  const [r] = await s.select(er, eq(er.IdDocumento, idDocumento));
  if (!r) return null;
  const estados = await estadosDe(s, idDocumento);
  return vista(r, estados, hoy);
}

/** Where a status stands for the clock: none, queued (or refused, to be retried), or at the platform. */
const informe = (e: EstadoRecibida | undefined): EstadoInforme =>
  !e ? 'falta' : e.estado === 'enviado' ? 'enviado' : 'en_cola';

function vista(r: FilaRecibida, estados: EstadoRecibida[], hoy: string): VistaRecibida {
  const vivos = estados.filter((e) => e.estado !== 'anulado');
  const decision = vivos.find((e) => e.tipo === 'aceptada' || e.tipo === 'rechazada');
  const pago = vivos.find((e) => e.tipo === 'pagada');
  const Plazos = plazosRecibida(
    {
      recibida: hoyEspana(new Date(r.Recibida)),
      decision: informe(decision),
      fechaPago: pago?.fecha ?? null,
      pago: informe(pago),
    },
    hoy,
  );
  return {
    Recibida: r.Recibida,
    Formato: r.Formato,
    Origen: r.Origen,
    Plazos,
    TextoPlazo: textoPlazo(Plazos),
    Decision: (decision?.tipo as TipoEstadoRecibida | undefined) ?? null,
    Estados: estados.map(estadoJson),
  };
}

/** The clocks of some purchase invoices (a list's page): only the received e-invoices among them. */
export async function vistasDe(s: Scope, ids: number[], hoy = hoyEspana()) {
  if (!ids.length) return [];
  const filas = await s
    .pick({ r: er }, er, inArray(er.IdDocumento, ids))
    .innerJoin(dc, s.on(dc, eq(dc.id, er.IdDocumento)));
  const estados = filas.length
    ? await s
        .select(
          ee,
          inArray(
            ee.idDocumento,
            filas.map((f) => f.r.IdDocumento),
          ),
        )
        .orderBy(asc(ee.idRegistro))
    : [];
  return filas.map((f) => {
    const v = vista(
      f.r,
      estados.filter((e) => e.idDocumento === f.r.IdDocumento),
      hoy,
    );
    const ultimo = v.Estados.filter((e) => e.Envio !== 'anulado').at(-1);
    const abierto = !v.Plazos.Decision.Hecho
      ? v.Plazos.Decision
      : v.Plazos.Pago?.Hecho
        ? null
        : (v.Plazos.Pago ?? null);
    return {
      IdDocumento: f.r.IdDocumento,
      Decision: v.Decision,
      Pagada: v.Estados.some((e) => e.Tipo === 'pagada' && e.Envio !== 'anulado'),
      Nivel: v.Plazos.Nivel,
      TextoPlazo: v.TextoPlazo,
      /** The report whose clock runs: the decision first, then the payment (null: nothing open). */
      Informe: !abierto ? null : abierto === v.Plazos.Decision ? 'decision' : 'pago',
      Limite: abierto?.Limite ?? null,
      DiasRestantes: abierto?.DiasRestantes ?? null,
      /** How the last status is travelling (generado, enviado, rechazado…). */
      Envio: ultimo?.Envio ?? null,
    };
  });
}

/** A status the platform refused, or one waiting for its back-off: queued again now. */
export async function reintentar(t: Scope, idEstado: number): Promise<EstadoRecibida> {
  const [e] = await t.select(ee, eq(ee.idRegistro, idEstado)).for('update');
  if (!e) throw notFound();
  if (e.estado === 'enviado' || e.estado === 'anulado') throw new AppError(409, MSG_ESTADOS_ENVIO.noReintentable);
  const [row] = await t
    .update(ee, { estado: 'generado', noAntesDe: null, actualizado: sql`now()` }, eq(ee.idRegistro, idEstado))
    .returning();
  return row!;
}

export const MSG_ESTADOS_ENVIO = {
  noReintentable: 'Ese estado ya está enviado (o retirado): no hay nada que reintentar',
} as const;
