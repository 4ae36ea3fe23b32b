/** An entry of the ledger as the API answers it (`libro/asiento/:id`, `libro/asientos`). */
export interface Apunte {
  Subcuenta: string;
  Nombre: string;
  Concepto: string;
  Debe: string;
  Haber: string;
}
export interface AsientoLibro {
  Id: number;
  Numero: number;
  Fecha: string;
  Concepto: string;
  Tipo: string;
  TipoTexto: string;
  Origen: string;
  IdOrigen: number | null;
  Documento: string;
  IdRevertido: number | null;
  Apuntes: Apunte[];
}
