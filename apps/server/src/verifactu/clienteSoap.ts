import type { Agent } from 'node:https';
import { createSecureContext } from 'node:tls';
import { ErrorSalida } from '../platform/egress/destino.ts';
import { agenteSaliente, peticionSaliente, type RespuestaSaliente } from '../platform/egress/http.ts';
import type { RegistroFacturacion } from './dominio.ts';
import { leerRespuestaAeat, RespuestaNoValida, type ResultadoAeat } from './respuesta.ts';
import { type Cabecera, mensajeRegFactu } from './xml/mensaje.ts';

/**
 * SOAP client for the AEAT's RegFactuSistemaFacturacion: HTTPS with the company's client certificate (.p12/.pfx),
 * keep-alive, bounded time and response size, through the egress door (the URL checked at every call). It never
 * throws for transport problems: every outcome is a value the submission planner understands.
 */

export interface ConfiguracionClienteAeat {
  /** Endpoint (ENDPOINTS_VERIFACTU.*, or the local simulator's URL). */
  url: string;
  /** The PKCS#12 certificate (.p12/.pfx bytes) and its password. */
  pfx: Buffer;
  passphrase: string;
  /** Extra trusted CA certificates (PEM); by default Node's bundled roots, which trust the AEAT's chain. */
  ca?: string | Buffer | (string | Buffer)[];
  /** Whole-request deadline (connect + send + answer), ms. Default 60 s. */
  timeoutMs?: number;
  /** Largest answer accepted, bytes. Default 16 MiB (1,000 lines are ~1 MB). */
  maxRespuestaBytes?: number;
}

/** A transport failure: the AEAT's answer is unknown (for a timeout the records may have been registered). */
export interface ErrorTransporte {
  tipo: 'error';
  causa: 'timeout' | 'red' | 'certificado' | 'http' | 'respuesta';
  mensaje: string;
  estadoHttp?: number;
}

export type ResultadoEnvio = ResultadoAeat | ErrorTransporte;

export interface ClienteAeat {
  /** Sends a complete SOAP request. */
  enviar(xml: string): Promise<ResultadoEnvio>;
  /** Builds and sends a RegFactuSistemaFacturacion with these records. */
  enviarRegistros(cabecera: Cabecera, registros: readonly RegistroFacturacion[]): Promise<ResultadoEnvio>;
  cerrar(): void;
}

/** The egress door's failures as the planner's causes; the message is always the door's (uniform, Spanish). */
function deSalida(e: ErrorSalida): ErrorTransporte {
  if (e.causa === 'timeout') return { tipo: 'error', causa: 'timeout', mensaje: e.message };
  if (e.causa === 'respuesta') return { tipo: 'error', causa: 'respuesta', mensaje: e.message };
  if (e.causa === 'certificado') return { tipo: 'error', causa: 'certificado', mensaje: e.message };
  return { tipo: 'error', causa: 'red', mensaje: e.message };
}

export function crearClienteAeat(config: ConfiguracionClienteAeat): ClienteAeat {
  const timeoutMs = config.timeoutMs ?? 60_000;
  const maxBytes = config.maxRespuestaBytes ?? 16 * 1024 * 1024;
  let agente: Agent | null = null;
  let errorAgente: ErrorTransporte | null = null;
  try {
    // Load the certificate now: a wrong password or a damaged file is a configuration error, not a network one.
    createSecureContext({ pfx: config.pfx, passphrase: config.passphrase });
    agente = agenteSaliente({
      pfx: config.pfx,
      passphrase: config.passphrase,
      ...(config.ca ? { ca: config.ca } : {}),
    });
  } catch {
    errorAgente = {
      tipo: 'error',
      causa: 'certificado',
      mensaje: 'No se puede usar el certificado (¿contraseña incorrecta o fichero dañado?)',
    };
  }
  const url = new URL(config.url);
  if (url.protocol !== 'https:') throw new Error('El servicio de la AEAT solo se usa por HTTPS');

  async function enviar(xml: string): Promise<ResultadoEnvio> {
    if (errorAgente || !agente) return errorAgente as ErrorTransporte;
    let res: RespuestaSaliente;
    try {
      res = await peticionSaliente({
        url,
        metodo: 'POST',
        agente,
        cabeceras: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
        cuerpo: xml,
        timeoutMs,
        maxBytes,
      });
    } catch (e) {
      return deSalida(e instanceof ErrorSalida ? e : new ErrorSalida('red'));
    }
    const estado = res.estado;
    try {
      // Faults come with HTTP 500; anything parseable as the AEAT's SOAP answer is the answer.
      return leerRespuestaAeat(res.cuerpo.toString('utf8'));
    } catch (e) {
      const detalle = e instanceof RespuestaNoValida ? e.message : 'La respuesta de la AEAT no es válida';
      return estado >= 200 && estado < 300
        ? { tipo: 'error', causa: 'respuesta', mensaje: detalle, estadoHttp: estado }
        : { tipo: 'error', causa: 'http', mensaje: `La AEAT respondió HTTP ${estado}`, estadoHttp: estado };
    }
  }

  return {
    enviar,
    enviarRegistros: (cabecera, registros) => enviar(mensajeRegFactu(cabecera, registros)),
    cerrar: () => agente?.destroy(),
  };
}
