import { esEstadoCita, MSG_AUES } from '@faro/domain';
import { AppError } from '../../../platform/http/errors.ts';
import type { RespuestaAues, SolicitudAues } from './protocolo.ts';

export interface OpcionesClienteAues {
  /** Base address, e.g. https://pasarela.example/aues/v1 */
  url: string;
  usuario: string;
  clave: string;
  codigoAutoescuela: string;
  /** Milliseconds before a call is given up (default 15 s). */
  timeoutMs?: number;
}

export interface ClienteAues {
  solicitar(s: SolicitudAues): Promise<RespuestaAues>;
  consultar(referencia: string): Promise<RespuestaAues>;
  anular(referencia: string): Promise<RespuestaAues>;
}

/** 502: the service answered with a refusal or garbage; 504 when it did not answer. Spanish messages. */
const fallo = (status: number, mensaje: string) => new AppError(status, mensaje);

/** A client of Faro's AUES protocol (`protocolo.ts`): one HTTP call per operation, Basic credentials, JSON. */
export function clienteAues(o: OpcionesClienteAues): ClienteAues {
  const base = o.url.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${o.usuario}:${o.clave}`).toString('base64')}`;
  async function llamar(metodo: string, ruta: string, cuerpo?: unknown): Promise<RespuestaAues> {
    let res: Response;
    try {
      res = await fetch(`${base}${ruta}`, {
        method: metodo,
        headers: {
          Authorization: auth,
          Accept: 'application/json',
          'X-Autoescuela': o.codigoAutoescuela,
          ...(cuerpo ? { 'Content-Type': 'application/json' } : {}),
        },
        body: cuerpo ? JSON.stringify(cuerpo) : undefined,
        signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const e = error as Error;
      throw fallo(504, MSG_AUES.noDisponible(e.name === 'TimeoutError' ? 'tiempo de espera agotado' : e.message));
    }
    const texto = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = texto ? (JSON.parse(texto) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    if (res.status === 401 || res.status === 403) throw fallo(502, MSG_AUES.credenciales);
    if (!res.ok) {
      const detalle = typeof json?.Mensaje === 'string' ? json.Mensaje : `HTTP ${res.status}`;
      throw fallo(502, res.status >= 500 ? MSG_AUES.noDisponible(detalle) : MSG_AUES.rechazo(detalle));
    }
    if (!json || typeof json.Referencia !== 'string' || !esEstadoCita(json.Estado)) {
      throw fallo(502, MSG_AUES.noDisponible('respuesta no válida'));
    }
    return {
      Referencia: json.Referencia,
      Estado: json.Estado,
      Fecha: typeof json.Fecha === 'string' ? json.Fecha : null,
      Hora: typeof json.Hora === 'string' ? json.Hora : null,
      Mensaje: typeof json.Mensaje === 'string' ? json.Mensaje.slice(0, 500) : null,
    };
  }
  const ref = (r: string) => `/solicitudes/${encodeURIComponent(r)}`;
  return {
    solicitar: (s) => llamar('POST', '/solicitudes', s),
    consultar: (r) => llamar('GET', ref(r)),
    anular: (r) => llamar('DELETE', ref(r)),
  };
}
