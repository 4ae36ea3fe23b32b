import { gunzipSync } from 'node:zlib';
import { ErrorSalida } from '../platform/egress/destino.ts';
import { peticionSaliente, type RespuestaSaliente } from '../platform/egress/http.ts';

/**
 * HTTPS client for the Diputaciones (Araba/Gipuzkoa TicketBAI reception, Bizkaia's N3 "aurkezpena" for the LROE):
 * mutual TLS with the company's .p12/.pfx, bounded time and answer size, through the egress door. It never throws for transport problems:
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

export async function enviarHttps(p: PeticionTbai): Promise<ResultadoHttp> {
  let res: RespuestaSaliente;
  try {
    res = await peticionSaliente({
      url: p.url,
      metodo: 'POST',
      tls: { pfx: p.pfx, passphrase: p.passphrase, ...(p.ca ? { ca: p.ca } : {}) },
      cabeceras: p.cabeceras,
      cuerpo: p.cuerpo,
      timeoutMs: p.timeoutMs ?? 60_000,
      maxBytes: MAX,
    });
  } catch (e) {
    const s = e instanceof ErrorSalida ? e : new ErrorSalida('red');
    // A refusal, a closed port, a handshake refused and a DNS failure all read the same (the egress door's words).
    const causa = s.causa === 'certificado' ? 'certificado' : s.causa === 'timeout' ? 'timeout' : 'red';
    return { tipo: 'error', causa, mensaje: s.message };
  }
  let cuerpo = res.cuerpo;
  const cabeceras = Object.fromEntries(
    Object.entries(res.cabeceras).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
  );
  if (cabeceras['content-encoding'] === 'gzip' || (cuerpo[0] === 0x1f && cuerpo[1] === 0x8b)) {
    try {
      cuerpo = gunzipSync(cuerpo, { maxOutputLength: MAX });
    } catch {
      /* left as is */
    }
  }
  const estado = res.estado;
  if (estado >= 500 || estado === 404 || estado === 401 || estado === 403) {
    return { tipo: 'error', causa: 'http', mensaje: `La Diputación respondió con un error HTTP ${estado}` };
  }
  return { tipo: 'respuesta', estado, cabeceras, cuerpo: cuerpo.toString('utf8') };
}
