import { ErrorSalida } from '../../../platform/egress/destino.ts';
import { type CertificadoCliente, peticionSaliente } from '../../../platform/egress/http.ts';
import { definidos } from '../../registrosFiscales/envio.ts';
import type {
  ClienteSpfe,
  ComunicacionSpfe,
  EstadoEmitidaSpfe,
  EstadoRecibidaSpfe,
  FacturaSpfe,
  PresentacionSpfe,
  RespuestaSpfe,
} from './contrato.ts';
import type * as W from './protocolo.ts';
import { RUTAS_SPFE } from './protocolo.ts';

export interface ConfiguracionSpfe {
  /** The SPFE's base URL (the AEAT's, or the local simulator's). */
  url: string;
  /** Client certificate, when the endpoint asks for one. */
  tls?: CertificadoCliente;
  timeoutMs?: number;
}

export const MSG_SPFE = {
  respuesta: 'La respuesta de la SPFE no se entiende',
  credenciales: 'La SPFE rechaza las credenciales de la empresa',
  servicio: (estado: number) => `La SPFE no está disponible (HTTP ${estado})`,
  numero: 'La SPFE no ha contestado por cada factura',
} as const;

/**
 * The SPFE client over `protocolo.ts`, through the egress door (the URL checked at every call, bounded time and
 * size, no redirects). Every outcome is a value: the door's failures and 5xx are transient, 401/403 stop the
 * company's queue, 400 refuses the message as a whole.
 */
export function crearClienteSpfe(config: ConfiguracionSpfe): ClienteSpfe {
  const base = config.url.replace(/\/+$/, '');
  async function llamar<T>(
    ruta: string,
    cuerpo: unknown,
    leer: (json: unknown) => T | null,
  ): Promise<RespuestaSpfe<T>> {
    let r: Awaited<ReturnType<typeof peticionSaliente>>;
    try {
      r = await peticionSaliente({
        url: `${base}${ruta}`,
        metodo: 'POST',
        cabeceras: { 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json' },
        cuerpo: JSON.stringify(cuerpo),
        timeoutMs: config.timeoutMs ?? 60_000,
        maxBytes: 16 * 1024 * 1024,
        ...(config.tls ? { tls: config.tls } : {}),
      });
    } catch (e) {
      if (e instanceof ErrorSalida) return { tipo: 'transitorio', mensaje: e.message };
      throw e;
    }
    const json = leerJson(r.cuerpo);
    if (r.estado === 401 || r.estado === 403) return { tipo: 'bloqueo', mensaje: MSG_SPFE.credenciales };
    if (r.estado >= 500 || r.estado === 429) return { tipo: 'transitorio', mensaje: MSG_SPFE.servicio(r.estado) };
    if (r.estado !== 200) {
      const error = json as Partial<W.ErrorWire> | null;
      return {
        tipo: 'mensaje',
        mensaje: typeof error?.Mensaje === 'string' ? error.Mensaje : MSG_SPFE.servicio(r.estado),
        ...(typeof error?.Codigo === 'string' ? { codigo: error.Codigo } : {}),
      };
    }
    const resultado = json === null ? null : leer(json);
    return resultado === null ? { tipo: 'transitorio', mensaje: MSG_SPFE.respuesta } : { tipo: 'ok', resultado };
  }

  return {
    async presentarFacturas(facturas) {
      const cuerpo: { Facturas: W.FacturaWire[] } = { Facturas: facturas.map(facturaWire) };
      const r = await llamar(RUTAS_SPFE.facturas, cuerpo, (j) => lista(j, 'Resultados', presentacion));
      return mismaLongitud(r, facturas.length);
    },
    async comunicarEstados(estados) {
      const cuerpo: { Estados: W.EstadoWire[] } = { Estados: estados.map(estadoWire) };
      const r = await llamar(RUTAS_SPFE.estados, cuerpo, (j) => lista(j, 'Resultados', comunicacion));
      return mismaLongitud(r, estados.length);
    },
    consultarEstados(nifEmisor, idsRegistro) {
      return llamar(RUTAS_SPFE.consultas, { NifEmisor: nifEmisor, IdsRegistro: idsRegistro }, (j) =>
        lista(j, 'Estados', emitida),
      );
    },
  };
}

function leerJson(cuerpo: Buffer): unknown {
  try {
    return JSON.parse(cuerpo.toString('utf8'));
  } catch {
    return null;
  }
}

/** The answer's array under `clave`, every element read; null when anything is off. */
function lista<T>(json: unknown, clave: string, leer: (o: Record<string, unknown>) => T | null): T[] | null {
  const valor = json && typeof json === 'object' ? (json as Record<string, unknown>)[clave] : undefined;
  if (!Array.isArray(valor)) return null;
  const out: T[] = [];
  for (const v of valor) {
    const leido = v && typeof v === 'object' ? leer(v as Record<string, unknown>) : null;
    if (leido === null) return null;
    out.push(leido);
  }
  return out;
}

function mismaLongitud<T>(r: RespuestaSpfe<T[]>, n: number): RespuestaSpfe<T[]> {
  return r.tipo === 'ok' && r.resultado.length !== n ? { tipo: 'transitorio', mensaje: MSG_SPFE.numero } : r;
}

const texto = (o: Record<string, unknown>, k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);

function rechazo(o: Record<string, unknown>) {
  return { codigo: texto(o, 'Codigo') ?? '', mensaje: texto(o, 'Mensaje') ?? '' };
}

function presentacion(o: Record<string, unknown>): PresentacionSpfe | null {
  const w = o as Partial<W.ResultadoFacturaWire>;
  const referencia = texto(o, 'Referencia');
  if (!referencia) return null;
  if (w.Resultado === 'Registrada' && texto(o, 'IdRegistro'))
    return { referencia, aceptada: true, idRegistro: texto(o, 'IdRegistro')! };
  if (w.Resultado === 'Rechazada') return { referencia, aceptada: false, ...rechazo(o) };
  return null;
}

function comunicacion(o: Record<string, unknown>): ComunicacionSpfe | null {
  const w = o as Partial<W.ResultadoEstadoWire>;
  const referencia = texto(o, 'Referencia');
  if (!referencia) return null;
  if (w.Resultado === 'Registrado') return { referencia, aceptado: true };
  if (w.Resultado === 'Rechazado') return { referencia, aceptado: false, ...rechazo(o) };
  return null;
}

function emitida(o: Record<string, unknown>): EstadoEmitidaSpfe | null {
  const w = o as Partial<W.EstadoEmitidaWire>;
  if (!texto(o, 'IdRegistro') || !texto(o, 'Fecha')) return null;
  if (w.Estado !== 'aceptada' && w.Estado !== 'rechazada' && w.Estado !== 'pagada') return null;
  const opcional = (k: 'CodigoMotivo' | 'Motivo' | 'Importe', a: 'codigoMotivo' | 'motivo' | 'importe') =>
    texto(o, k) ? { [a]: texto(o, k) } : {};
  return {
    idRegistro: texto(o, 'IdRegistro')!,
    estado: w.Estado,
    fecha: texto(o, 'Fecha')!,
    ...opcional('CodigoMotivo', 'codigoMotivo'),
    ...opcional('Motivo', 'motivo'),
    ...opcional('Importe', 'importe'),
  };
}

function facturaWire(f: FacturaSpfe): W.FacturaWire {
  return {
    Referencia: f.referencia,
    NifEmisor: f.nifEmisor,
    NifReceptor: f.nifReceptor,
    Numero: f.numero,
    FechaExpedicion: f.fechaExpedicion,
    Ubl: Buffer.from(f.ubl, 'utf8').toString('base64'),
    ...(f.pdf ? { Pdf: f.pdf.toString('base64') } : {}),
  };
}

function estadoWire(e: EstadoRecibidaSpfe): W.EstadoWire {
  const w = {
    Referencia: e.referencia,
    IdRegistro: e.idRegistro,
    NifEmisor: e.nifEmisor,
    NifReceptor: e.nifReceptor,
    Numero: e.numero,
    FechaExpedicion: e.fechaExpedicion,
    Estado: e.estado,
    Fecha: e.fecha,
    CodigoMotivo: e.codigoMotivo,
    Motivo: e.motivo,
    Importe: e.importe,
  };
  return definidos(w) as W.EstadoWire;
}
