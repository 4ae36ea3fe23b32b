import type { DocumentoVentaInput, TipoDocumentoVenta } from '@faro/domain';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import type { Preparado } from '../../documentos/repositorio.ts';
import { entradaVenta, LADO_VENTA, motorVenta } from '../ladoVenta.ts';

/**
 * The sales documents' repository: the document engine (`modules/documentos`) on the sales side. Kept under its
 * old names for the sales callers (recurring invoices, the demo, the figures); new code uses `motorVenta`.
 */
export type { Cabecera, Linea } from '../../../platform/tenancy/tables.ts';
export type { Preparado };

export const {
  cargarCabecera,
  cargarLineas,
  aJson,
  resolverSerie,
  crearDocumento,
  comprobarEditable,
  actualizarDocumento,
  borrarDocumento,
  listarDocumentos,
  esEmitida,
} = motorVenta;

/** Validates a sales save body and computes its totals (the engine's `preparar` with the customer). */
export const preparar = (s: Scope, input: DocumentoVentaInput): Promise<Preparado> =>
  motorVenta.preparar(s, entradaVenta(input));

/** The kind of a new document of a resource (fventa: factura or simplificada). */
export const tipoNuevo = (tipos: readonly TipoDocumentoVenta[], input: DocumentoVentaInput) =>
  LADO_VENTA.tipoNuevo(tipos, entradaVenta(input)) as TipoDocumentoVenta;
