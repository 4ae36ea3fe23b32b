import { type CanalEfactura, ESTADOS_FACE, type EstadoFace, formatDate, NOMBRES_CANAL_EFACTURA } from '@faro/domain';

/** The server's paths of the e-invoice sending queue (`modules/efactura/envio/rutas.ts`). */
export const RUTA_ENVIOS = 'ventas/fventaefactura';
export const rutaEnviosFactura = (id: number) => `ventas/fventa/efactura/${id}`;

export type EstadoEnvio = 'generado' | 'enviado' | 'rechazado';
/** What the customer reported (SPFE), or where the public body's processing is (FACe: registrada … anulada). */
export type EstadoCliente = 'aceptada' | EstadoFace;

/** One issued invoice on one channel, with the status its customer reported. */
export interface EnvioFila {
  Id: number;
  IdDocumento: number;
  Canal: CanalEfactura;
  Estado: EstadoEnvio;
  Intentos: number;
  NumeroRegistro: string | null;
  CodigoError: string | null;
  DescripcionError: string | null;
  ConPdf: boolean;
  EstadoCliente: EstadoCliente | null;
  FechaEstadoCliente: string | null;
  MotivoEstadoCliente: string | null;
  Enviado: string | null;
  NumSerie: string | null;
  Fecha: string;
  Cliente: string;
  Total: string;
}

export interface ConfigEnvio {
  CanalDefecto: CanalEfactura;
  UrlSpfe: string | null;
  UrlPeppol: string | null;
  UrlFace: string | null;
  InicioEfactura: string | null;
}

export const ESTADO_ENVIO: Record<EstadoEnvio, { texto: string; color: string }> = {
  generado: { texto: 'En cola', color: 'blue' },
  enviado: { texto: 'Enviada', color: 'green' },
  rechazado: { texto: 'Rechazada por la plataforma', color: 'red' },
};

/** FACe's processing statuses that are no customer's answer (registered, accounted, cancelled), by the domain's names. */
const ESTADOS_SOLO_FACE = Object.fromEntries(
  Object.values(ESTADOS_FACE)
    .filter((e) => e.estado !== 'pagada' && e.estado !== 'rechazada')
    .map((e) => [e.estado, { texto: `${e.nombre} (FACe)`, color: e.estado === 'anulada' ? 'gray' : 'blue' }]),
) as Record<Exclude<EstadoFace, 'pagada' | 'rechazada'>, { texto: string; color: string }>;

export const ESTADO_CLIENTE: Record<EstadoCliente, { texto: string; color: string }> = {
  aceptada: { texto: 'Aceptada por el cliente', color: 'teal' },
  rechazada: { texto: 'Rechazada por el cliente', color: 'red' },
  pagada: { texto: 'Pagada', color: 'green' },
  ...ESTADOS_SOLO_FACE,
};

export const nombreCanal = (c: CanalEfactura) => NOMBRES_CANAL_EFACTURA[c] ?? c;

/** What the customer reported, in one sentence: "Pagada el 20/03/2026", "Rechazada por el cliente: motivo". */
export function textoEstadoCliente(e: Pick<EnvioFila, 'EstadoCliente' | 'FechaEstadoCliente' | 'MotivoEstadoCliente'>) {
  if (!e.EstadoCliente) return null;
  const base = ESTADO_CLIENTE[e.EstadoCliente].texto;
  const fecha = e.FechaEstadoCliente ? ` el ${formatDate(e.FechaEstadoCliente)}` : '';
  return `${base}${fecha}${e.MotivoEstadoCliente ? `: ${e.MotivoEstadoCliente}` : ''}`;
}
