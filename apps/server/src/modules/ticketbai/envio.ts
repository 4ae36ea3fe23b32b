import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ENDPOINTS_TBAI } from '@faro/domain';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { ticketbaiCola, ticketbaiEnvio, ticketbaiRegistros } from '../../platform/tenancy/tables.ts';
import { enviarHttps, type ResultadoHttp } from '../../ticketbai/cliente.ts';
import { cabecerasN3, type ModeloLroe, peticionLroeEmitidas } from '../../ticketbai/lroe.ts';
import { leerRespuestaLroe, leerRespuestaTicketBai, type ResultadoDiputacion } from '../../ticketbai/respuesta.ts';
import { cargarConfiguracion } from '../ventas/verifactu/configuracion.ts';
import { type ContextoTbai, contextoTbai } from './emision.ts';

/**
 * The TicketBAI queue (VeriFactu's design): one sender per company holds a lease (`ticketbai_envio`), takes the
 * files still `generado` whose back-off has passed, oldest first (the chain order), and sends each to its
 * Diputación — Araba/Gipuzkoa their TicketBAI reception, Bizkaia inside a LROE petition (model 240/140). The answer
 * moves the file to enviado / conerrores / rechazado (an accepted cancellation moves its alta to anulado); a
 * transport failure keeps it `generado`, counts the attempt, sets the back-off and stops the round.
 */

export const MSG_ENVIO_TBAI = {
  sinDestino: 'No hay destino de envío configurado (Diputación o simulador)',
  sinCertificado: 'La empresa no tiene certificado para enviar a la Diputación',
  ocupado: 'Ya hay un envío en curso para esta empresa',
} as const;

const LEASE_MS = 120_000;
/** Back-off after n failed attempts: 1 min, 2, 4 … up to 1 h. */
export const esperaTras = (intentos: number) => Math.min(60_000 * 2 ** Math.max(0, intentos - 1), 3_600_000);

export function destinoTbai(c: ContextoTbai): string | null {
  if (c.fila?.envioReal) return 'real';
  return c.fila?.url || null;
}

function urlDe(c: ContextoTbai, clase: 'alta' | 'anulacion'): string | null {
  if (c.fila?.envioReal) return ENDPOINTS_TBAI[c.provincia][c.entorno][clase];
  const base = c.fila?.url?.replace(/\/+$/, '');
  if (!base) return null;
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

async function tomarLease(s: Scope, quien: string, ahora: number): Promise<boolean> {
  await s.insert(ticketbaiEnvio, {}).onConflictDoNothing();
  const hasta = new Date(ahora + LEASE_MS).toISOString();
  const filas = await s
    .update(
      ticketbaiEnvio,
      { bloqueadoPor: quien, bloqueadoHasta: hasta },
      or(isNull(ticketbaiEnvio.bloqueadoHasta), lte(ticketbaiEnvio.bloqueadoHasta, new Date(ahora).toISOString())),
    )
    .returning({ b: ticketbaiEnvio.bloqueadoPor });
  return filas.length === 1;
}

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
  const quien = randomUUID();
  if (!(await tomarLease(s, quien, ahora))) return { ...resumen, motivo: 'ocupado' };
  try {
    const pendientes = await s
      .pick(
        { r: ticketbaiRegistros, intentos: ticketbaiCola.intentos },
        ticketbaiRegistros,
        and(
          eq(ticketbaiCola.estado, 'generado'),
          or(isNull(ticketbaiCola.noAntesDe), lte(ticketbaiCola.noAntesDe, ahora)),
        ),
      )
      .innerJoin(ticketbaiCola, s.on(ticketbaiCola, eq(ticketbaiCola.idRegistro, ticketbaiRegistros.id)))
      .orderBy(asc(ticketbaiRegistros.id))
      .limit(op.max ?? 50);
    if (!pendientes.length) return { ...resumen, motivo: 'nada' };
    const ca = c.fila?.envioReal ? undefined : (op.ca ?? process.env.FARO_TICKETBAI_CA);
    for (const { r, intentos } of pendientes) {
      const clase = r.clase === 'anulacion' ? 'anulacion' : 'alta';
      const url = urlDe(c, clase)!;
      let http: ResultadoHttp;
      if (c.provincia === 'bizkaia') {
        const cab = {
          modelo: (c.fila?.modeloLroe === '140' ? '140' : '240') as ModeloLroe,
          ejercicio: r.fecha.slice(0, 4),
          nif: c.e.nif.toUpperCase(),
          nombre: c.e.nombre,
        };
        http = await enviarHttps({
          url,
          pfx: cfg.certificado.pfx,
          passphrase: cfg.certificado.passphrase,
          ...(ca ? { ca } : {}),
          cuerpo: gzipSync(peticionLroeEmitidas(cab, clase, [r.xml])),
          cabeceras: cabecerasN3(cab, '1.1'),
        });
      } else {
        http = await enviarHttps({
          url,
          pfx: cfg.certificado.pfx,
          passphrase: cfg.certificado.passphrase,
          ...(ca ? { ca } : {}),
          cuerpo: Buffer.from(r.xml, 'utf8'),
          cabeceras: { 'Content-Type': 'application/xml;charset=UTF-8' },
        });
      }
      if (http.tipo === 'error') {
        const n = intentos + 1;
        await s.update(
          ticketbaiCola,
          {
            intentos: n,
            noAntesDe: ahora + esperaTras(n),
            descripcionError: `${http.mensaje}. Se reintentará automáticamente.`,
            actualizado: new Date(ahora).toISOString(),
          },
          eq(ticketbaiCola.idRegistro, r.id),
        );
        resumen.error = http.mensaje;
        break;
      }
      const res: ResultadoDiputacion =
        c.provincia === 'bizkaia'
          ? leerRespuestaLroe(http.cabeceras, http.cuerpo)
          : leerRespuestaTicketBai(http.cuerpo);
      await s.update(
        ticketbaiCola,
        {
          estado: res.estado,
          intentos: intentos + 1,
          noAntesDe: null,
          codigoError: res.codigo,
          descripcionError: res.descripcion,
          numeroRegistro: res.numeroRegistro,
          enviado: new Date(ahora).toISOString(),
          actualizado: new Date(ahora).toISOString(),
        },
        eq(ticketbaiCola.idRegistro, r.id),
      );
      resumen.enviados++;
      if (res.estado === 'rechazado') resumen.rechazados++;
      else resumen.aceptados++;
      if (clase === 'anulacion' && res.estado !== 'rechazado' && r.idDocumento !== null) {
        await s.execute(
          (empresaId) => sql`update ${ticketbaiCola} set estado = 'anulado', actualizado = now()
            where ${ticketbaiCola.empresaId} = ${empresaId} and ${ticketbaiCola.idRegistro} in (
              select ${ticketbaiRegistros.id} from ${ticketbaiRegistros} where ${ticketbaiRegistros.empresaId} = ${empresaId}
              and ${ticketbaiRegistros.idDocumento} = ${r.idDocumento} and ${ticketbaiRegistros.clase} = 'alta')`,
        );
      }
    }
    await s.update(
      ticketbaiEnvio,
      { ultimoEnvio: new Date(ahora).toISOString(), ultimoResultado: resumen },
      eq(ticketbaiEnvio.bloqueadoPor, quien),
    );
    return resumen;
  } finally {
    await s.update(
      ticketbaiEnvio,
      { bloqueadoPor: null, bloqueadoHasta: null },
      eq(ticketbaiEnvio.bloqueadoPor, quien),
    );
  }
}

/** Files waiting for their back-off become due now (the "Enviar ahora" button). */
export async function reintentarTbaiAhora(s: Scope): Promise<void> {
  await s.update(ticketbaiCola, { noAntesDe: null }, eq(ticketbaiCola.estado, 'generado'));
}
