import type { RespuestaSpfe } from '../spfe/contrato.ts';
import type { ConfigEfactura } from './config.ts';
import type { ContextoEnvio, FilaEnvio, ResultadoEnvio } from './preparar.ts';

/** A channel's answer to a batch: one verdict per invoice in its order, or why nothing is known. */
export type RespuestaEnvio = RespuestaSpfe<ResultadoEnvio[]>;

/**
 * One channel of the sending queue: how many invoices go in one message, what the company must have set up first,
 * and how a batch goes out. Each channel gets its own round on the one queue table, so a platform that is down
 * holds only its own invoices.
 */
export interface CanalEnvio {
  maxPorEnvio: number;
  /** Why the company cannot send on this channel yet (a missing endpoint), or null. */
  falta(config: ConfigEfactura): string | null;
  enviar(ctx: ContextoEnvio, lote: readonly FilaEnvio[]): Promise<RespuestaEnvio>;
}
