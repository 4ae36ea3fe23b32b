import { gzipSync } from 'node:zlib';
import type { CanalCola, FilaCola, Veredicto } from '../registrosFiscales/cola.ts';
import { enviarHttps, type ResultadoHttp } from './cliente.ts';
import { cabecerasN3, type ModeloLroe, peticionLroeEmitidas } from './lroe.ts';
import { leerRespuestaLroe, leerRespuestaTicketBai } from './respuesta.ts';

/**
 * TicketBAI/LROE as a channel of the fiscal-record queue: one signed file per message, oldest first (the chain
 * order), to its Diputación — Araba/Gipuzkoa their TicketBAI reception, Bizkaia inside a LROE petition (model
 * 240/140, gzip, the N3 headers). The answer moves the file to enviado / conerrores / rechazado (an accepted
 * cancellation names the invoice whose alta becomes `anulado`); a transport failure keeps it `generado` with a
 * Spanish text, counts the attempt and backs off (1 min, doubling per attempt of the file, up to 1 h).
 */

/** A file of the queue: its class and invoice besides the planner's fields. */
export interface FilaTbai extends FilaCola {
  clase: 'alta' | 'anulacion';
  idDocumento: number | null;
}

/** The stored file a message carries. */
export interface FicheroTbai {
  clase: string;
  /** yyyy-mm-dd (the LROE's year). */
  fecha: string;
  xml: string;
}

/** The Diputación's answer fields of a queue row (named as its `ticketbai_cola` columns). */
export interface RespuestaTbai {
  codigoError: string | null;
  descripcionError: string | null;
  numeroRegistro: string | null;
  /** An accepted cancellation: the invoice whose alta becomes `anulado`. */
  anula: number;
}

/** Where and as whom a company's files go. */
export interface DestinoTbai {
  bizkaia: boolean;
  url(clase: 'alta' | 'anulacion'): string;
  pfx: Buffer;
  passphrase: string;
  ca?: string;
  /** Bizkaia: the LROE model and the company. */
  modeloLroe: ModeloLroe;
  nif: string;
  nombre: string;
}

/** The client's answer: the HTTP exchange, or a message that could not be built. */
export type EnvioTbai = ResultadoHttp | { tipo: 'sinMensaje'; mensaje: string };

const claseDe = (clase: string) => (clase === 'anulacion' ? 'anulacion' : 'alta');

async function enviarFichero(d: DestinoTbai, f: FicheroTbai): Promise<ResultadoHttp> {
  const clase = claseDe(f.clase);
  const tls = { url: d.url(clase), pfx: d.pfx, passphrase: d.passphrase, ...(d.ca ? { ca: d.ca } : {}) };
  if (!d.bizkaia) {
    return enviarHttps({
      ...tls,
      cuerpo: Buffer.from(f.xml, 'utf8'),
      cabeceras: { 'Content-Type': 'application/xml;charset=UTF-8' },
    });
  }
  const cab = { modelo: d.modeloLroe, ejercicio: f.fecha.slice(0, 4), nif: d.nif, nombre: d.nombre };
  return enviarHttps({
    ...tls,
    cuerpo: gzipSync(peticionLroeEmitidas(cab, clase, [f.xml])),
    cabeceras: cabecerasN3(cab, '1.1'),
  });
}

/** The channel for one company's destination. */
export function canalTicketBai(d: DestinoTbai): CanalCola<FilaTbai, FicheroTbai, EnvioTbai, RespuestaTbai> {
  return {
    reglas: {
      maxPorEnvio: 1,
      esperaBaseMs: 60_000,
      esperaMaximaMs: 3_600_000,
      fallosDe: 'registro',
      incidencia: false,
    },
    cliente: {
      async enviar(lote) {
        const [fichero] = lote;
        if (!fichero || lote.length !== 1) throw new Error('Un fichero por envío');
        return enviarFichero(d, fichero);
      },
    },
    leer(respuesta, lote) {
      if (respuesta.tipo === 'error') {
        return {
          tipo: 'transitorio',
          campos: { descripcionError: `${respuesta.mensaje}. Se reintentará automáticamente.` },
        };
      }
      if (respuesta.tipo === 'sinMensaje') {
        return {
          tipo: 'mensaje',
          campos: { codigoError: null, descripcionError: respuesta.mensaje, numeroRegistro: null },
        };
      }
      const res = d.bizkaia
        ? leerRespuestaLroe(respuesta.cabeceras, respuesta.cuerpo)
        : leerRespuestaTicketBai(respuesta.cuerpo);
      const veredictos = lote.map(
        (f): Veredicto<RespuestaTbai> => ({
          estado: res.estado,
          codigoError: res.codigo,
          descripcionError: res.descripcion,
          numeroRegistro: res.numeroRegistro,
          ...(f.clase === 'anulacion' && res.estado !== 'rechazado' && f.idDocumento !== null
            ? { anula: f.idDocumento }
            : {}),
        }),
      );
      return { tipo: 'registros', esperaMs: 0, veredictos };
    },
    sinMensaje: (mensaje) => ({ tipo: 'sinMensaje', mensaje }),
  };
}
