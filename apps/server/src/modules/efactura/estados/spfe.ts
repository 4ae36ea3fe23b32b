import type { AppDeps } from '../../../platform/deps.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaConfig } from '../../../platform/tenancy/tables.ts';
import { crearClienteSpfe } from '../spfe/clienteSpfe.ts';
import type { ClienteSpfe } from '../spfe/contrato.ts';

export const MSG_SPFE_ESTADOS = {
  sinDestino:
    'La empresa no tiene configurada la dirección de la SPFE (Configuración › Factura electrónica): los estados esperan en la cola',
} as const;

/** What builds the SPFE client of a company's statuses (tests give their own). */
export type FabricaSpfe = (s: Scope, deps?: Pick<AppDeps, 'config'>) => Promise<ClienteSpfe | null>;

/** The company's SPFE client (its configured endpoint, through the egress door), or null when it has none. */
export const clienteSpfeDe: FabricaSpfe = async (s) => {
  const [cfg] = await s.pick({ url: efacturaConfig.urlSpfe }, efacturaConfig);
  return cfg?.url ? crearClienteSpfe({ url: cfg.url }) : null;
};
