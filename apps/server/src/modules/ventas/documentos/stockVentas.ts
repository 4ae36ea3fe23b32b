import { motorVenta } from '../ladoVenta.ts';

/**
 * Stock from sales: the engine's stock sync (`modules/documentos/stock.ts`) on the sales side — a delivery note in
 * Enviado and an issued invoice (its lines not carried from a delivery note) take their products out.
 */
export { almacenDe, MSG_STOCK_VENTAS } from '../../documentos/stock.ts';
export const { sincronizarStock: sincronizarStockVenta, almacenDocumento } = motorVenta;
