import { randomUUID } from 'node:crypto';
import { esMotivoRechazo, MOTIVOS_RECHAZO, type MotivoRechazo } from '@faro/domain';
import { asc, eq } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  efacturaEstados as ee,
  efacturaEstadosEnvio,
  empresa,
} from '../../../platform/tenancy/tables.ts';
import type { CanalCola, FilaCola, Lectura } from '../../../registrosFiscales/cola.ts';
import * as cola from '../../registrosFiscales/envio.ts';
import type {
  ClienteSpfe,
  ComunicacionSpfe,
  EstadoRecibidaSpfe,
  EstadoSpfe,
  MotivoRechazoSpfe,
  RespuestaSpfe,
} from '../spfe/contrato.ts';

/**
 * The statuses of received e-invoices on their way to the issuer's platform (the SPFE), on the fiscal queue
 * engine (`registrosFiscales/cola.ts` + the database runner `ColaCanal`): oldest first, up to 50 per message, two
 * statuses of one invoice never in one message (its acceptance goes before its payment), a status the platform
 * refuses leaves the queue as `rechazado` with its reason and blocks nobody, a message refused whole is halved
 * until the bad status travels alone, an unreachable platform retries the same statuses with a growing back-off.
 */

type FilaEstado = FilaCola & { idDocumento: number };
type Respuesta = RespuestaSpfe<ComunicacionSpfe[]>;
type Campos = { codigoError: string | null; descripcionError: string | null };

/** The SPFE's own reasons (its code list is not public yet): the nearest to each OpenPEPPOL reason. */
const MOTIVO_SPFE: Record<MotivoRechazo, MotivoRechazoSpfe> = {
  REF: 'datos',
  LEG: 'datos',
  REC: 'noCorresponde',
  QUA: 'otro',
  DEL: 'otro',
  PRI: 'importe',
  QTY: 'importe',
  ITM: 'datos',
  PAY: 'datos',
  UNR: 'noCorresponde',
  FIN: 'importe',
  OTH: 'otro',
};

/** A rejection's words as they travel: the OpenPEPPOL code and its text, then what the user wrote. */
export function motivoTexto(motivo: string | null, detalle: string | null): string | undefined {
  const codigo = esMotivoRechazo(motivo) ? `${motivo} · ${MOTIVOS_RECHAZO[motivo]}` : null;
  return [codigo, detalle].filter(Boolean).join('. ') || undefined;
}

const REGLAS = {
  maxPorEnvio: 50,
  fallosDe: 'registro',
  incidencia: false,
  clave: (f: FilaEstado) => String(f.idDocumento),
} as const;

/** The statuses' channel: its rules, the SPFE client, how an answer reads. */
export function canalEstados(cliente: ClienteSpfe): CanalCola<FilaEstado, EstadoRecibidaSpfe, Respuesta, Campos> {
  return {
    reglas: REGLAS,
    cliente: { enviar: (lote) => cliente.comunicarEstados(lote) },
    leer(r, lote): Lectura<Campos> {
      if (r.tipo === 'transitorio') return { tipo: 'transitorio', campos: { descripcionError: r.mensaje } };
      if (r.tipo === 'bloqueo') return { tipo: 'bloqueo', Mensaje: r.mensaje };
      if (r.tipo === 'mensaje')
        return { tipo: 'mensaje', campos: { codigoError: r.codigo ?? null, descripcionError: r.mensaje } };
      const porReferencia = new Map(r.resultado.map((v) => [v.referencia, v]));
      return {
        tipo: 'registros',
        esperaMs: 0,
        veredictos: lote.map((f) => {
          const v = porReferencia.get(f.id);
          if (!v) return undefined;
          return v.aceptado
            ? { estado: 'enviado', codigoError: null, descripcionError: null }
            : { estado: 'rechazado', codigoError: v.codigo, descripcionError: v.mensaje };
        }),
      };
    },
    sinMensaje: (mensaje) => ({ tipo: 'mensaje', mensaje }),
  };
}

/** Where the statuses' queue lives and how a step is stored. */
const COLA: cola.ColaCanal<FilaEstado, EstadoRecibidaSpfe, Respuesta, Campos, typeof ee> = {
  cola: ee,
  ...cola.turnoPropio(efacturaEstadosEnvio),
  leaseMs: 120_000,
  async pendientes(s, pasos) {
    const [yo] = await s.company({ nif: empresa.nif });
    const filas = await s
      .pick(
        {
          e: ee,
          nif: dc.terceroNif,
          numero: dc.numTercero,
          fechaTercero: dc.fechaTercero,
          fecha: dc.fecha,
        },
        ee,
        eq(ee.estado, 'generado'),
      )
      .innerJoin(dc, s.on(dc, eq(dc.id, ee.idDocumento)))
      .orderBy(asc(ee.idRegistro))
      .limit(pasos * REGLAS.maxPorEnvio);
    return filas.map(({ e, ...f }) => ({
      fila: {
        id: String(e.idRegistro),
        secuencia: e.idRegistro,
        estado: 'generado' as const,
        intentos: e.intentos,
        noAntesDe: e.noAntesDe,
        idDocumento: e.idDocumento,
      },
      registro: {
        referencia: String(e.idRegistro),
        nifEmisor: (f.nif ?? '').toUpperCase(),
        nifReceptor: (yo?.nif ?? '').toUpperCase(),
        numero: f.numero ?? '',
        fechaExpedicion: f.fechaTercero ?? f.fecha,
        estado: e.tipo as EstadoSpfe,
        fecha: e.fecha,
        ...(e.tipo === 'rechazada' && esMotivoRechazo(e.motivo) ? { codigoMotivo: MOTIVO_SPFE[e.motivo] } : {}),
        ...(e.tipo === 'rechazada' ? { motivo: motivoTexto(e.motivo, e.detalle) } : {}),
        ...(e.tipo === 'pagada' && e.importe ? { importe: e.importe } : {}),
      },
    }));
  },
  columnas: (c, comunes) => ({ ...comunes, ...cola.elegidos(c, ['codigoError', 'descripcionError']) }),
};

export interface ResumenEstados {
  enviados: number;
  rechazados: number;
  pasos: number;
  /** Another sender holds the company's lease. */
  ocupado: boolean;
  /** Why the queue stopped (a configuration fault, an unreachable platform), if it did. */
  error: string | null;
  /** When the next attempt makes sense (ms since epoch), if the queue is waiting. */
  hasta?: number;
}

/** Sends the company's pending statuses through `cliente` until the queue waits, empties or `maxPasos` messages went. */
export async function enviarEstados(
  s: Scope,
  cliente: ClienteSpfe,
  op: { ahora?: () => number; maxPasos?: number } = {},
): Promise<ResumenEstados> {
  const ahora = op.ahora ?? Date.now;
  const r = await cola.enviarCola(COLA, canalEstados(cliente), s, {
    quien: `faro-${process.pid}-${randomUUID().slice(0, 8)}`,
    ahora,
    maxPasos: op.maxPasos ?? 10,
  });
  const ultima = r.ultimo?.respuesta;
  const resumen: ResumenEstados = {
    enviados: r.enviados,
    rechazados: r.rechazados,
    pasos: r.pasos,
    ocupado: r.ocupado,
    error: ultima && ultima.tipo !== 'ok' ? ultima.mensaje : null,
    ...(r.hasta ? { hasta: r.hasta } : {}),
  };
  if (r.pasos)
    await s.update(
      efacturaEstadosEnvio,
      { ultimoEnvio: new Date(ahora()).toISOString(), ultimoResultado: resumen },
      undefined,
    );
  return resumen;
}

/** Statuses waiting for their back-off go now (the «Enviar ahora» button). */
export async function estadosYa(s: Scope): Promise<void> {
  await s.update(ee, { noAntesDe: null }, eq(ee.estado, 'generado'));
}
