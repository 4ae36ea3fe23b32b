import { esEstadoCita, MSG_AUES } from '@faro/domain';
import { ErrorSalida, MSG_SALIDA } from '../../../platform/egress/destino.ts';
import { peticionSaliente, type RespuestaSaliente } from '../../../platform/egress/http.ts';
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

/** 502 in Spanish: the service refused, answered garbage, or could not be reached (the egress door's words). */
const fallo = (status: number, mensaje: string) => new AppError(status, mensaje);

/** A client of Faro's AUES protocol (`protocolo.ts`): one HTTP call per operation, Basic credentials, JSON. */
export function clienteAues(o: OpcionesClienteAues): ClienteAues {
  const base = o.url.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${o.usuario}:${o.clave}`).toString('base64')}`;
  async function llamar(metodo: string, ruta: string, cuerpo?: unknown): Promise<RespuestaAues> {
    let res: RespuestaSaliente;
    try {
      res = await peticionSaliente({
        url: `${base}${ruta}`,
        metodo,
        cabeceras: {
          Authorization: auth,
          Accept: 'application/json',
          'X-Autoescuela': o.codigoAutoescuela,
          ...(cuerpo ? { 'Content-Type': 'application/json' } : {}),
        },
        cuerpo: cuerpo ? JSON.stringify(cuerpo) : undefined,
        timeoutMs: o.timeoutMs ?? 15_000,
        maxBytes: 256 * 1024,
      });
    } catch (error) {
      // One status and one sentence for a refusal, a closed port, a timeout or a DNS failure.
      throw fallo(502, MSG_AUES.noDisponible(error instanceof ErrorSalida ? error.message : MSG_SALIDA.conexion));
    }
    const texto = res.cuerpo.toString('utf8');
    const ok = res.estado >= 200 && res.estado < 300;
    let json: Record<string, unknown> | null = null;
    try {
      json = texto ? (JSON.parse(texto) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    if (res.estado === 401 || res.estado === 403) throw fallo(502, MSG_AUES.credenciales);
    if (!ok) {
      const detalle = typeof json?.Mensaje === 'string' ? json.Mensaje : `HTTP ${res.estado}`;
      throw fallo(502, res.estado >= 500 ? MSG_AUES.noDisponible(detalle) : MSG_AUES.rechazo(detalle));
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
