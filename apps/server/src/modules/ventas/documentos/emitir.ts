import type { DocumentoVentaInput } from '@faro/domain';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import type { OpcionesEmision } from '../../documentos/emision.ts';
import { motorVenta } from '../ladoVenta.ts';
import type { Cabecera, Linea } from './documentosRepository.ts';

export { alEmitirFactura } from '../ladoVenta.ts';

import { entradaDe } from '../../documentos/repositorio.ts';

export { TIPOS_FACTURA } from '../../documentos/conversiones.ts';
export type { OpcionesEmision };

/** The save body equivalent of a stored document (to recompute it with today's master data). */
export function comoEntrada(h: Cabecera, lineas: Linea[]): DocumentoVentaInput {
  const { Tercero, TxtLibre1, TxtLibre2, TxtLibre3, NumTercero, FechaTercero, ...resto } = entradaDe(h, lineas);
  return {
    ...resto,
    Cliente: Tercero,
    VentasTxtLibre1: TxtLibre1,
    VentasTxtLibre2: TxtLibre2,
    VentasTxtLibre3: TxtLibre3,
  } as DocumentoVentaInput;
}

/**
 * Issues a draft invoice (the engine's `emitir` on the sales side). Call inside ONE transaction: locks the draft,
 * recomputes its totals and copies the customer's current data, checks the simplified-invoice limit and the F1
 * customer's NIF, writes the due dates, runs `antesDelNumero` (the stock), then takes the number of its series as
 * the LAST step and marks it Emitida; the VeriFactu record follows — from then on the triggers keep it immutable.
 */
export const emitirFactura: (t: Scope, id: number, op?: OpcionesEmision) => Promise<Cabecera> = motorVenta.emitir;
