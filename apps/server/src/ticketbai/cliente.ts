import { request } from 'node:https';
import { gunzipSync } from 'node:zlib';

/**
 * HTTPS client for the Diputaciones (Araba/Gipuzkoa TicketBAI reception, Bizkaia's N3 "aurkezpena" for the LROE):
 * mutual TLS with the company's .p12/.pfx, bounded time and answer size. It never throws for transport problems:
 * they come back as `{ tipo: 'error' }` with a Spanish message.
 */
export interface PeticionTbai {
  url: string;
  pfx: Buffer;
  passphrase: string;
  ca?: string | Buffer;
  cuerpo: Buffer;
  cabeceras: Record<string, string>;
  timeoutMs?: number;
}

export type ResultadoHttp =
  | { tipo: 'respuesta'; estado: number; cabeceras: Record<string, string>; cuerpo: string }
  | { tipo: 'error'; causa: 'red' | 'timeout' | 'certificado' | 'http'; mensaje: string };

const MAX = 8 * 1024 * 1024;

export function enviarHttps(p: PeticionTbai): Promise<ResultadoHttp> {
  return new Promise((resolve) => {
    let hecho = false;
    const fin = (r: ResultadoHttp) => {
      if (!hecho) {
        hecho = true;
        resolve(r);
      }
    };
    let req: ReturnType<typeof request>;
    try {
      req = request(p.url, {
        method: 'POST',
        pfx: p.pfx,
        passphrase: p.passphrase,
        ...(p.ca ? { ca: p.ca } : {}),
        headers: { ...p.cabeceras, 'Content-Length': String(p.cuerpo.length) },
        timeout: p.timeoutMs ?? 60_000,
      });
    } catch {
      fin({
        tipo: 'error',
        causa: 'certificado',
        mensaje: 'El certificado de la empresa no se puede usar para conectar',
      });
      return;
    }
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      let n = 0;
      res.on('data', (b: Buffer) => {
        n += b.length;
        if (n > MAX) req.destroy(new Error('respuesta demasiado grande'));
        else partes.push(b);
      });
      res.on('end', () => {
        let cuerpo = Buffer.concat(partes);
        const cabeceras = Object.fromEntries(
          Object.entries(res.headers).map(([k, v]) => [
            k.toLowerCase(),
            Array.isArray(v) ? v.join(', ') : String(v ?? ''),
          ]),
        );
        if (cabeceras['content-encoding'] === 'gzip' || (cuerpo[0] === 0x1f && cuerpo[1] === 0x8b)) {
          try {
            cuerpo = gunzipSync(cuerpo);
          } catch {
            /* left as is */
          }
        }
        const estado = res.statusCode ?? 0;
        if (estado >= 500 || estado === 404 || estado === 401 || estado === 403)
          fin({ tipo: 'error', causa: 'http', mensaje: `La Diputación respondió con un error HTTP ${estado}` });
        else fin({ tipo: 'respuesta', estado, cabeceras, cuerpo: cuerpo.toString('utf8') });
      });
      res.on('error', () => fin({ tipo: 'error', causa: 'red', mensaje: 'Se cortó la conexión con la Diputación' }));
    });
    req.on('timeout', () => {
      req.destroy();
      fin({ tipo: 'error', causa: 'timeout', mensaje: 'La Diputación no respondió a tiempo' });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const tls = /certificate|SSL|TLS|self.signed/i.test(`${e.code ?? ''} ${e.message}`);
      fin(
        tls
          ? { tipo: 'error', causa: 'certificado', mensaje: 'No se pudo establecer la conexión segura (certificado)' }
          : { tipo: 'error', causa: 'red', mensaje: `No se pudo conectar con la Diputación (${e.code ?? 'red'})` },
      );
    });
    req.end(p.cuerpo);
  });
}
