import type { LookupAddress } from 'node:dns';
import { type IncomingHttpHeaders, request as requestHttp } from 'node:http';
import { Agent, request as requestHttps } from 'node:https';
import type { LookupFunction } from 'node:net';
import { comprobarUrl, type Destino, ErrorSalida, MSG_SALIDA, type OpcionesComprobar } from './destino.ts';

/**
 * The one HTTP(S) client of the server. Each call checks its URL (`comprobarUrl`), connects to the addresses it
 * checked (the socket's lookup returns them, never asks the DNS again), never follows a redirect (a 3xx is an
 * answer like any other), has one deadline for connect + send + answer and a bound on the answer's size. Any
 * refusal or network failure throws ErrorSalida with the same Spanish message.
 */

export interface CertificadoCliente {
  /** PKCS#12 (.p12/.pfx) for mutual TLS, and its password. */
  pfx?: Buffer;
  passphrase?: string;
  /** Extra trusted CA certificates (PEM); Node's roots otherwise. */
  ca?: string | Buffer | (string | Buffer)[];
}

export interface PeticionSaliente extends OpcionesComprobar {
  url: string | URL;
  metodo?: string;
  cabeceras?: Record<string, string | number>;
  cuerpo?: Buffer | string;
  /** Whole call, ms (default 15 s). */
  timeoutMs?: number;
  /** Largest answer, bytes (default 1 MiB). */
  maxBytes?: number;
  tls?: CertificadoCliente;
  /** A keep-alive agent from `agenteSaliente` (its sockets were connected to checked addresses). */
  agente?: Agent;
}

export interface RespuestaSaliente {
  estado: number;
  cabeceras: IncomingHttpHeaders;
  cuerpo: Buffer;
}

/** A lookup that answers with the checked addresses only: the connection cannot go anywhere else. */
export function lookupFijo(direcciones: LookupAddress[]): LookupFunction {
  return ((_nombre: string, opciones: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (opciones?.all) cb(null, direcciones);
    else cb(null, direcciones[0]!.address, direcciones[0]!.family);
  }) as LookupFunction;
}

/** A keep-alive HTTPS agent with the company's certificate (mutual TLS), for a client that sends many calls. */
export function agenteSaliente(tls: CertificadoCliente, o: { maxSockets?: number } = {}): Agent {
  return new Agent({ ...tls, keepAlive: true, maxSockets: o.maxSockets ?? 1 });
}

const TLS = /certificate|SSL|TLS|self.signed|handshake|CERT_|ERR_SSL/i;

export async function peticionSaliente(p: PeticionSaliente): Promise<RespuestaSaliente> {
  const url = new URL(p.url);
  const destino: Destino = await comprobarUrl(url, p);
  const timeoutMs = p.timeoutMs ?? 15_000;
  const maxBytes = p.maxBytes ?? 1024 * 1024;
  const cuerpo = typeof p.cuerpo === 'string' ? Buffer.from(p.cuerpo, 'utf8') : p.cuerpo;
  const request = url.protocol === 'https:' ? requestHttps : requestHttp;
  return new Promise<RespuestaSaliente>((resolve, reject) => {
    let hecho = false;
    const fin = (error: ErrorSalida | null, r?: RespuestaSaliente) => {
      if (hecho) return;
      hecho = true;
      clearTimeout(reloj);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(r!);
    };
    let req: ReturnType<typeof request>;
    try {
      req = request(url, {
        method: p.metodo ?? 'GET',
        headers: { ...p.cabeceras, ...(cuerpo ? { 'Content-Length': cuerpo.length } : {}) },
        lookup: lookupFijo(destino.direcciones),
        ...(p.agente ? { agent: p.agente } : { agent: false, ...(p.tls ?? {}) }),
      });
    } catch {
      // Only local options throw here: a certificate that does not load (wrong password, damaged file).
      reject(new ErrorSalida('certificado', MSG_SALIDA.certificado));
      return;
    }
    const reloj = setTimeout(() => fin(new ErrorSalida('timeout')), timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) =>
      fin(new ErrorSalida(TLS.test(`${e.code} ${e.message}`) ? 'tls' : 'red')),
    );
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      let n = 0;
      res.on('data', (b: Buffer) => {
        n += b.length;
        if (n > maxBytes) fin(new ErrorSalida('respuesta', MSG_SALIDA.respuestaGrande));
        else partes.push(b);
      });
      res.on('error', () => fin(new ErrorSalida('red')));
      res.on('aborted', () => fin(new ErrorSalida('red')));
      res.on('end', () =>
        fin(null, { estado: res.statusCode ?? 0, cabeceras: res.headers, cuerpo: Buffer.concat(partes) }),
      );
    });
    req.end(cuerpo);
  });
}
