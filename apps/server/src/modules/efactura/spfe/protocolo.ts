import type { EstadoSpfe, MotivoRechazoSpfe } from './contrato.ts';

/**
 * The SPFE's wire format as Faro speaks it today. The AEAT has published the SPFE's syntax (UBL under EN 16931) and
 * the statuses a receiver reports, not the exchange itself; this JSON over HTTPS stands for it, spoken by the client
 * (`clienteSpfe.ts`) and the local simulator (`simuladorSpfe.ts`), and nothing else depends on it (`contrato.ts`):
 * - `POST {url}/facturas` `{ Facturas: FacturaWire[] }` → `{ Resultados: ResultadoFacturaWire[] }` (same order);
 * - `POST {url}/estados` `{ Estados: EstadoWire[] }` → `{ Resultados: ResultadoEstadoWire[] }`;
 * - `POST {url}/consultas` `{ NifEmisor, IdsRegistro }` → `{ Estados: EstadoEmitidaWire[] }`;
 * - a message refused as a whole: 400 `{ Codigo, Mensaje }`; credentials refused: 401/403; the service down: 5xx.
 */

export const RUTAS_SPFE = { facturas: '/facturas', estados: '/estados', consultas: '/consultas' } as const;

export interface FacturaWire {
  Referencia: string;
  NifEmisor: string;
  NifReceptor: string;
  Numero: string;
  FechaExpedicion: string;
  /** The UBL, base64. */
  Ubl: string;
  /** The readable PDF, base64. */
  Pdf?: string;
}

export type ResultadoFacturaWire =
  | { Referencia: string; Resultado: 'Registrada'; IdRegistro: string }
  | { Referencia: string; Resultado: 'Rechazada'; Codigo: string; Mensaje: string };

export interface EstadoWire {
  Referencia: string;
  IdRegistro?: string;
  NifEmisor: string;
  NifReceptor: string;
  Numero: string;
  FechaExpedicion: string;
  Estado: EstadoSpfe;
  Fecha: string;
  CodigoMotivo?: MotivoRechazoSpfe;
  Motivo?: string;
  Importe?: string;
}

export type ResultadoEstadoWire =
  | { Referencia: string; Resultado: 'Registrado' }
  | { Referencia: string; Resultado: 'Rechazado'; Codigo: string; Mensaje: string };

export interface EstadoEmitidaWire {
  IdRegistro: string;
  Estado: EstadoSpfe;
  Fecha: string;
  CodigoMotivo?: string;
  Motivo?: string;
  Importe?: string;
}

export interface ErrorWire {
  Codigo: string;
  Mensaje: string;
}
