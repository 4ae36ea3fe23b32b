import { clientesTable } from '../contactos/tablas.ts';
import { tablasDocumento } from './tablas.ts';

/**
 * Sales documents: quotes, orders, delivery notes and invoices in one header table keyed by `tipo`, with
 * their lines — the sales side of the document tables (`tablas.ts`, the same columns as purchases). The
 * customer's data is COPIED onto the header (an invoice keeps what it said). An issued invoice (a
 * factura/rectificativa/simplificada with a number) is immutable: migration 0006 installs triggers that refuse any
 * UPDATE/DELETE of it or its lines except the collection status and the cancellation (Estado → Anulada).
 */
export const { cabecera: documentosVenta, lineas: documentosVentaLineas } = tablasDocumento({
  lado: 'venta',
  tercero: 'cliente',
  terceroTable: clientesTable,
});
