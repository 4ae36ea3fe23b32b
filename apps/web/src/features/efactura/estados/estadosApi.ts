import type { NivelPlazo, PlazosRecibida, TipoEstadoRecibida } from '@faro/domain';

/** The server's paths of a received e-invoice's statuses (`modules/efactura/estados/rutas.ts`). */
export const RUTA_ESTADOS = 'compras/fcompra/efactura';

/** Where a status is on its way to the issuer's platform (the fiscal queue's states). */
export type EnvioEstado = 'generado' | 'enviado' | 'conerrores' | 'rechazado' | 'anulado';

export interface EstadoEnviado {
  Id: number;
  Tipo: TipoEstadoRecibida;
  Motivo: string | null;
  Detalle: string | null;
  Fecha: string;
  Importe: string | null;
  Autor: string | null;
  Envio: EnvioEstado;
  Intentos: number;
  CodigoError: string | null;
  Error: string | null;
  Enviado: string | null;
}

/** `GET …/efactura/{id}`: a received e-invoice's clocks and statuses (`Recibida: null` when it is not one). */
export type VistaRecibida =
  | { Recibida: null }
  | {
      Recibida: string;
      Formato: string;
      Origen: string;
      Plazos: PlazosRecibida;
      TextoPlazo: string;
      Decision: 'aceptada' | 'rechazada' | null;
      Estados: EstadoEnviado[];
    };

/** `GET …/efactura/plazos?Ids=…`: one list row's clock. */
export interface PlazoFila {
  IdDocumento: number;
  Decision: 'aceptada' | 'rechazada' | null;
  Pagada: boolean;
  Nivel: NivelPlazo;
  TextoPlazo: string;
  Informe: 'decision' | 'pago' | null;
  Limite: string | null;
  DiasRestantes: number | null;
  Envio: EnvioEstado | null;
}

export const ENVIO: Record<EnvioEstado, { texto: string; color: string }> = {
  generado: { texto: 'En cola', color: 'blue' },
  enviado: { texto: 'Enviado', color: 'green' },
  conerrores: { texto: 'Con errores', color: 'yellow' },
  rechazado: { texto: 'Rechazado por la plataforma', color: 'red' },
  anulado: { texto: 'Retirado', color: 'gray' },
};

export const COLOR_NIVEL: Record<NivelPlazo, string> = {
  al_dia: 'green',
  pendiente: 'blue',
  aviso: 'yellow',
  vencido: 'red',
};

/** A list row's clock in a few words: «E-factura: quedan 3 días», «E-factura: plazo vencido», «E-factura aceptada». */
export function textoCorto(p: PlazoFila): string {
  const n = p.DiasRestantes;
  if (p.Nivel === 'al_dia' || n === null)
    return p.Decision === 'rechazada' ? 'E-factura rechazada' : 'E-factura al día';
  if (n < 0) return 'E-factura: plazo vencido';
  if (n === 0) return 'E-factura: último día';
  return `E-factura: ${n === 1 ? 'queda 1 día' : `quedan ${n} días`}`;
}
