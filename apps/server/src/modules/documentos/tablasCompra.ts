import { proveedoresTable } from '../contactos/tablas.ts';
import { tablaStockDocumento, tablasDocumento } from './tablas.ts';

/**
 * Purchase documents (the purchases side of the document engine): supplier orders, delivery notes and
 * received invoices with their lines — the same columns as the sales tables (`tablas.ts`), the supplier's
 * data copied onto the header (id_proveedor, proveedor_nombre…), a received invoice's registration number in
 * numero/num_serie and the supplier's own number and date in num_tercero/fecha_tercero.
 */
export const { cabecera: documentosCompra, lineas: documentosCompraLineas } = tablasDocumento({
  lado: 'compra',
  tercero: 'proveedor',
  terceroTable: proveedoresTable,
});

/** Stock brought in by a purchase document (a delivery note received, a registered invoice not from one). */
export const stockDocumentosCompra = tablaStockDocumento('compra', documentosCompra);
