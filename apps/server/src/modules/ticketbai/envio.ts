import { randomUUID } from 'node:crypto';
import { ENDPOINTS_TBAI } from '@faro/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { ticketbaiCola, ticketbaiEnvio, ticketbaiRegistros } from '../../platform/tenancy/tables.ts';
import {
  canalTicketBai,
  type EnvioTbai,
  type FicheroTbai,
  type FilaTbai,
  type RespuestaTbai,
} from '../../ticketbai/cola.ts';
import * as cola from '../registrosFiscales/envio.ts';
import { cargarConfiguracion } from '../ventas/verifactu/configuracion.ts';
import { type ContextoTbai, contextoTbai } from './emision.ts';

/**
 * TicketBAI's queue on the fiscal-record runner (`registrosFiscales/envio.ts`): its files wait in `ticketbai_cola`
 * beside the immutable `ticketbai_registros`, the sender lease in `ticketbai_envio`; the channel itself (one file
 * per message to the Diputación, how its answer reads) is `ticketbai/cola.ts`. It keeps no send state between
 * rounds: each file's back-off counts its own attempts.
 */

export const MSG_ENVIO_TBAI = {
  sinDestino: 'No hay destino de envío configurado (Diputación o simulador)',
  sinCertificado: 'La empresa no tiene certificado para enviar a la Diputación',
  ocupado: 'Ya hay un envío en curso para esta empresa',
} as const;

export function destinoTbai(c: ContextoTbai): string | null {
  if (c.fila?.envioReal) return 'real';
  return c.fila?.url || null;
}

function urlDe(c: ContextoTbai, clase: 'alta' | 'anulacion'): string {
  if (c.fila?.envioReal) return ENDPOINTS_TBAI[c.provincia][c.entorno][clase];
  const base = c.fila?.url?.replace(/\/+$/, '') ?? '';
  return c.provincia === 'bizkaia' ? `${base}/N3B4000M/aurkezpena` : `${base}/${clase}`;
}

export interface ResumenEnvioTbai {
  enviados: number;
  aceptados: number;
  rechazados: number;
  error: string | null;
  motivo?: 'ocupado' | 'sinDestino' | 'sinCertificado' | 'nada';
}

export interface OpcionesEnvioTbai {
  ahora?: number;
  max?: number;
  ca?: string;
}

/** TicketBAI's queue on the database. */
const COLA: cola.ColaCanal<FilaTbai, FicheroTbai, EnvioTbai, RespuestaTbai, typeof ticketbaiCola> = {
  cola: ticketbaiCola,
  ...cola.turnoPropio(ticketbaiEnvio),
  leaseMs: 120_000,
  // One file per message: a round needs as many files as it has steps.
  async pendientes(s, pasos) {
    const filas = await s
      .pick({ r: ticketbaiRegistros, c: ticketbaiCola }, ticketbaiRegistros, eq(ticketbaiCola.estado, 'generado'))
      .innerJoin(ticketbaiCola, s.on(ticketbaiCola, eq(ticketbaiCola.idRegistro, ticketbaiRegistros.id)))
      .orderBy(asc(ticketbaiRegistros.id))
      .limit(pasos);
    return filas.map(({ r, c }) => ({
      fila: {
        id: String(r.id),
        secuencia: r.id,
        estado: 'generado' as const,
        intentos: c.intentos,
        noAntesDe: c.noAntesDe,
        clase: r.clase === 'anulacion' ? ('anulacion' as const) : ('alta' as const),
        idDocumento: r.idDocumento,
      },
      registro: r,
    }));
  },
  columnas: (c, comunes) => ({
    ...comunes,
    ...cola.elegidos(c, ['codigoError', 'descripcionError', 'numeroRegistro']),
  }),
  alGuardar: (tx, c) => (c.anula === undefined ? Promise.resolve() : marcarAnulada(tx, c.anula)),
};

/** An accepted cancellation: the invoice's alta leaves the queue as `anulado`. */
async function marcarAnulada(tx: Scope, idDocumento: number): Promise<void> {
  await tx.execute(
    (empresaId) => sql`update ${ticketbaiCola} set estado = 'anulado', actualizado = now()
      where ${ticketbaiCola.empresaId} = ${empresaId} and ${ticketbaiCola.idRegistro} in (
        select ${ticketbaiRegistros.id} from ${ticketbaiRegistros} where ${ticketbaiRegistros.empresaId} = ${empresaId}
        and ${ticketbaiRegistros.idDocumento} = ${idDocumento} and ${ticketbaiRegistros.clase} = 'alta')`,
  );
}

/** Sends the company's pending files, one per message, until one fails to travel or `max` have gone. */
export async function enviarPendientesTbai(
  s: Scope,
  secret: string,
  op: OpcionesEnvioTbai = {},
): Promise<ResumenEnvioTbai> {
  const ahora = op.ahora ?? Date.now();
  const resumen: ResumenEnvioTbai = { enviados: 0, aceptados: 0, rechazados: 0, error: null };
  const c = await contextoTbai(s);
  if (!c || !destinoTbai(c)) return { ...resumen, motivo: 'sinDestino' };
  const cfg = await cargarConfiguracion(s, c.e, secret);
  if (!cfg.certificado) return { ...resumen, motivo: 'sinCertificado' };
  const ca = c.fila?.envioReal ? undefined : (op.ca ?? process.env.FARO_TICKETBAI_CA);
  const canal = canalTicketBai({
    bizkaia: c.provincia === 'bizkaia',
    url: (clase) => urlDe(c, clase),
    pfx: cfg.certificado.pfx,
    passphrase: cfg.certificado.passphrase,
    ...(ca ? { ca } : {}),
    modeloLroe: c.fila?.modeloLroe === '140' ? '140' : '240',
    nif: c.e.nif.toUpperCase(),
    nombre: c.e.nombre,
  });
  const r = await cola.enviarCola(COLA, canal, s, { quien: randomUUID(), ahora: () => ahora, maxPasos: op.max ?? 50 });
  if (r.ocupado) return { ...resumen, motivo: 'ocupado' };
  if (!r.pasos) return { ...resumen, motivo: 'nada' };
  const ultima = r.ultimo?.respuesta;
  const hecho: ResumenEnvioTbai = {
    enviados: r.enviados,
    aceptados: r.enviados - r.rechazados,
    rechazados: r.rechazados,
    error: ultima?.tipo === 'error' ? ultima.mensaje : null,
  };
  await s.update(ticketbaiEnvio, { ultimoEnvio: new Date(ahora).toISOString(), ultimoResultado: hecho }, undefined);
  return hecho;
}

/** Files waiting for their back-off become due now (the "Enviar ahora" button). */
export async function reintentarTbaiAhora(s: Scope): Promise<void> {
  await s.update(ticketbaiCola, { noAntesDe: null }, eq(ticketbaiCola.estado, 'generado'));
}
