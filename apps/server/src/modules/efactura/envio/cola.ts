import { esCanalEfactura } from '@faro/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaConfig, efacturaEnvios } from '../../../platform/tenancy/tables.ts';
import type { CanalCola, FilaCola, Lectura, Veredicto } from '../../../registrosFiscales/cola.ts';
import {
  type ColaCanal,
  elegidos,
  enviarCola,
  iniciarTrabajador,
  type OpcionesTrabajador,
  type Plataforma,
  type Trabajador,
} from '../../registrosFiscales/envio.ts';
import { consultarEstadosFace, porConsultarFace } from '../face/estados.ts';
import { consultarEstadosSpfe, porConsultar } from '../spfe/consulta.ts';
import type { CanalEnvio, RespuestaEnvio } from './canal.ts';
import { CANALES_ENVIO } from './canales.ts';
import { asegurarConfig, fijarInicio, leerConfig } from './config.ts';
import type { FilaEnvio } from './preparar.ts';

/**
 * The one e-invoice sending queue on the fiscal queue engine: every row of `efactura_envios` is an issued invoice
 * on one channel; each channel runs its own round over its rows (a platform that is down holds only its own
 * invoices), under the company's one sender lease. Each row counts its own tries (back-off per invoice); an invoice
 * the platform refuses, or that cannot even be built, leaves the queue as `rechazado` and blocks nobody.
 */

interface FilaPlan extends FilaCola {
  fila: FilaEnvio;
}

/** The answer columns a change writes. */
interface Campos {
  numeroRegistro: string;
  codigoError: string | null;
  descripcionError: string | null;
  conPdf: boolean;
  loteMaximo: number | null;
}

const CAMPOS = ['numeroRegistro', 'codigoError', 'descripcionError', 'conPdf', 'loteMaximo'] as const;

export const COLA_EFACTURA = { leaseMs: 120_000, pasos: 20 } as const;

function filaPlan(fila: FilaEnvio): FilaPlan {
  return {
    id: String(fila.idRegistro),
    secuencia: fila.idRegistro,
    estado: fila.estado as FilaCola['estado'],
    intentos: fila.intentos,
    noAntesDe: fila.noAntesDe,
    loteMaximo: fila.loteMaximo,
    fila,
  };
}

/** How any channel's answer reads for the queue. */
export function leerRespuesta(r: RespuestaEnvio): Lectura<Campos> {
  if (r.tipo === 'transitorio') return { tipo: 'transitorio', campos: { descripcionError: r.mensaje } };
  if (r.tipo === 'bloqueo') return { tipo: 'bloqueo', Mensaje: r.mensaje };
  if (r.tipo === 'mensaje')
    return { tipo: 'mensaje', campos: { codigoError: r.codigo ?? null, descripcionError: r.mensaje } };
  return {
    tipo: 'registros',
    esperaMs: 0,
    veredictos: r.resultado.map(
      (v): Veredicto<Campos> =>
        v.ok
          ? {
              estado: 'enviado',
              conPdf: v.conPdf,
              codigoError: null,
              descripcionError: null,
              ...(v.numeroRegistro ? { numeroRegistro: v.numeroRegistro } : {}),
            }
          : { estado: 'rechazado', codigoError: v.codigo, descripcionError: v.mensaje },
    ),
  };
}

function colaDe(canal: string, maxPorEnvio: number): ColaCanal<FilaPlan, FilaEnvio, RespuestaEnvio, Campos> {
  return {
    cola: efacturaEnvios,
    turno: efacturaConfig,
    leaseMs: COLA_EFACTURA.leaseMs,
    asegurarTurno: asegurarConfig,
    async pendientes(s, pasos) {
      const filas = await s
        .select(efacturaEnvios, and(eq(efacturaEnvios.estado, 'generado'), eq(efacturaEnvios.canal, canal)))
        .orderBy(asc(efacturaEnvios.idRegistro))
        .limit(pasos * maxPorEnvio);
      return filas.map((fila) => ({ fila: filaPlan(fila), registro: fila }));
    },
    columnas: (c, comunes) => ({ ...comunes, ...elegidos(c, CAMPOS) }),
  };
}

function canalCola(
  declarado: CanalEnvio,
  enviar: (lote: readonly FilaEnvio[]) => Promise<RespuestaEnvio>,
): CanalCola<FilaPlan, FilaEnvio, RespuestaEnvio, Campos> {
  return {
    reglas: { maxPorEnvio: declarado.maxPorEnvio, fallosDe: 'registro', incidencia: false },
    cliente: { enviar: (lote) => enviar(lote) },
    leer: (r) => leerRespuesta(r),
    sinMensaje: (mensaje) => ({ tipo: 'mensaje', mensaje }),
  };
}

export interface ResumenEnvio {
  enviados: number;
  rechazados: number;
  pasos: number;
  /** Channels that wait for their set-up (a missing endpoint), with the reason. */
  pendientesDeConfigurar: { canal: string; motivo: string }[];
  hasta?: number;
}

/** One round per channel with pending invoices, each under the company's sender lease. */
export async function enviarPendientes(
  s: Scope,
  enviarCorreo: (mail: Mail) => Promise<void>,
  quien = 'efactura',
): Promise<ResumenEnvio> {
  const out: ResumenEnvio = { enviados: 0, rechazados: 0, pasos: 0, pendientesDeConfigurar: [] };
  const canales = await s
    .pick({ canal: efacturaEnvios.canal }, efacturaEnvios, eq(efacturaEnvios.estado, 'generado'))
    .groupBy(efacturaEnvios.canal);
  let config = await leerConfig(s);
  for (const { canal } of canales) {
    const declarado = esCanalEfactura(canal) ? CANALES_ENVIO[canal] : undefined;
    if (!declarado) continue;
    const falta = declarado.falta(config);
    if (falta) {
      out.pendientesDeConfigurar.push({ canal, motivo: falta });
      continue;
    }
    if (canal !== 'pdf_email') config = await fijarInicio(s, config);
    const ctx = { s, config, enviarCorreo };
    const r = await enviarCola(
      colaDe(canal, declarado.maxPorEnvio),
      canalCola(declarado, (lote) => declarado.enviar(ctx, lote)),
      s,
      { quien: `${quien}:${canal}`, maxPasos: COLA_EFACTURA.pasos },
    );
    out.enviados += r.enviados;
    out.rechazados += r.rechazados;
    out.pasos += r.pasos;
    if (r.hasta && (!out.hasta || r.hasta < out.hasta)) out.hasta = r.hasta;
  }
  return out;
}

/** Puts a rejected invoice back in the queue, or one waiting for its back-off on it now; its tries from zero. */
export async function reintentar(s: Scope, idRegistro: number): Promise<boolean> {
  const filas = await s
    .update(
      efacturaEnvios,
      { estado: 'generado', intentos: 0, noAntesDe: null, loteMaximo: null, actualizado: new Date().toISOString() },
      and(eq(efacturaEnvios.idRegistro, idRegistro), inArray(efacturaEnvios.estado, ['rechazado', 'generado'])),
    )
    .returning({ id: efacturaEnvios.idRegistro });
  return filas.length === 1;
}

/** How often the SPFE and FACe are asked for the statuses of the invoices they registered. */
const CONSULTA_MS = 15 * 60_000;

/**
 * The server's timers: every company with pending invoices gets its rounds; every company with invoices at the
 * SPFE not yet paid gets its statuses asked now and then.
 */
export function iniciarTrabajadorEfactura(
  database: Plataforma,
  enviarCorreo: (mail: Mail) => Promise<void>,
  op: OpcionesTrabajador = {},
): Trabajador {
  const envio = iniciarTrabajador(
    database,
    {
      nombre: 'Factura electrónica',
      empresas: (directorio) => directorio.companiesWith(efacturaEnvios, eq(efacturaEnvios.estado, 'generado')),
      lista: async () => true,
      enviar: (s) => enviarPendientes(s, enviarCorreo, 'trabajador'),
    },
    op,
  );
  const estados = iniciarTrabajador(
    database,
    {
      nombre: 'Estados de la SPFE y de FACe',
      empresas: (directorio) => directorio.companiesWith(efacturaEnvios, or(porConsultar(), porConsultarFace())),
      async lista(s) {
        const c = await leerConfig(s);
        return Boolean(c.urlSpfe || c.urlFace);
      },
      async enviar(s) {
        await consultarEstadosSpfe(s);
        await consultarEstadosFace(s);
        return { pasos: 0, enviados: 0, hasta: Date.now() + CONSULTA_MS };
      },
    },
    { ...op, intervaloMs: op.intervaloMs ?? 60_000 },
  );
  return {
    async pasada() {
      await envio.pasada();
      await estados.pasada();
    },
    async detener() {
      await Promise.all([envio.detener(), estados.detener()]);
    },
  };
}
