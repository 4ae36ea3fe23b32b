/** One lot of a product in a warehouse, as `compras/lotes/list` answers it (the server computes, the screen shows). */
export interface StockLote {
  Lote: string;
  Caducidad: string | null;
  IdAlmacen: number;
  Entradas: string;
  Salidas: string;
  Stock: string;
}
