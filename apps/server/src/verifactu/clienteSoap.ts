import { Agent, request } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { RegistroFacturacion } from './dominio.ts';
import { leerRespuestaAeat, RespuestaNoValida, type ResultadoAeat } from './respuesta.ts';
import { type Cabecera, mensajeRegFactu } from './xml/mensaje.ts';

/**
 * SOAP client for the AEAT's RegFactuSistemaFacturacion: HTTPS with the company's client certificate (.p12/.pfx),
 * keep-alive, bounded time and response size. It never throws for transport problems: every outcome is a value the
 * submission planner understands.
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

const CODIGOS_RED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
]);

function clasificar(error: NodeJS.ErrnoException): ErrorTransporte {
  const codigo = error.code ?? '';
  if (CODIGOS_RED.has(codigo)) {
    return { tipo: 'error', causa: 'red', mensaje: `No se pudo conectar con la AEAT (${codigo})` };
  }
  // TLS failures (untrusted server, handshake refused) and anything else on the wire.
  return { tipo: 'error', causa: 'red', mensaje: `Fallo de comunicación con la AEAT: ${error.message}` };
}

export function crearClienteAeat(config: ConfiguracionClienteAeat): ClienteAeat {
  const timeoutMs = config.timeoutMs ?? 60_000;
  const maxBytes = config.maxRespuestaBytes ?? 16 * 1024 * 1024;
  let agente: Agent | null = null;
  let errorAgente: ErrorTransporte | null = null;
  try {
    // Load the certificate now: a wrong password or a damaged file is a configuration error, not a network one.
    createSecureContext({ pfx: config.pfx, passphrase: config.passphrase });
    agente = new Agent({
      pfx: config.pfx,
      passphrase: config.passphrase,
      ...(config.ca ? { ca: config.ca } : {}),
      keepAlive: true,
      maxSockets: 1,
    });
  } catch (e) {
    errorAgente = {
      tipo: 'error',
      causa: 'certificado',
      mensaje: `No se puede usar el certificado (¿contraseña incorrecta o fichero dañado?): ${(e as Error).message}`,
    };
  }
  const url = new URL(config.url);
  if (url.protocol !== 'https:') throw new Error('El servicio de la AEAT solo se usa por HTTPS');

  function enviar(xml: string): Promise<ResultadoEnvio> {
    if (errorAgente || !agente) return Promise.resolve(errorAgente as ErrorTransporte);
    const cuerpo = Buffer.from(xml, 'utf8');
    return new Promise<ResultadoEnvio>((resolve) => {
      let terminado = false;
      const fin = (r: ResultadoEnvio) => {
        if (terminado) return;
        terminado = true;
        clearTimeout(reloj);
        resolve(r);
      };
      const req = request(
        url,
        {
          method: 'POST',
          agent: agente as Agent,
          headers: {
            'Content-Type': 'text/xml; charset=utf-8',
            'Content-Length': cuerpo.length,
            SOAPAction: '""',
          },
        },
        (res) => {
          const trozos: Buffer[] = [];
          let bytes = 0;
          res.on('data', (t: Buffer) => {
            bytes += t.length;
            if (bytes > maxBytes) {
              req.destroy();
              fin({ tipo: 'error', causa: 'respuesta', mensaje: 'La respuesta de la AEAT es demasiado grande' });
              return;
            }
            trozos.push(t);
          });
          res.on('error', (e) => fin(clasificar(e)));
          res.on('end', () => {
            const texto = Buffer.concat(trozos).toString('utf8');
            const estado = res.statusCode ?? 0;
            try {
              // Faults come with HTTP 500; anything parseable as the AEAT's SOAP answer is the answer.
              fin(leerRespuestaAeat(texto));
            } catch (e) {
              const detalle = e instanceof RespuestaNoValida ? e.message : String(e);
              fin(
                estado >= 200 && estado < 300
                  ? { tipo: 'error', causa: 'respuesta', mensaje: detalle, estadoHttp: estado }
                  : { tipo: 'error', causa: 'http', mensaje: `La AEAT respondió HTTP ${estado}`, estadoHttp: estado },
              );
            }
          });
        },
      );
      const reloj = setTimeout(() => {
        fin({ tipo: 'error', causa: 'timeout', mensaje: `La AEAT no respondió en ${Math.round(timeoutMs / 1000)} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (e) => fin(clasificar(e)));
      req.end(cuerpo);
    });
  }

  return {
    enviar,
    enviarRegistros: (cabecera, registros) => enviar(mensajeRegFactu(cabecera, registros)),
    cerrar: () => agente?.destroy(),
  };
}
