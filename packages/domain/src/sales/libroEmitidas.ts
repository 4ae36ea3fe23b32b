/**
 * The JSON contract of `GET /api/impuestos/factemitidas/list`: the issued-invoice book, one row per invoice and VAT
 * rate (the withholding on each invoice's first row, so an invoice's rows add up to its total), and the totals per
 * tax and rate. Server and screen share these shapes.
 */
export interface FilaLibro {
  Id: number;
  Fecha: string;
  NumSerie: string;
  Tipo: string;
  ClienteNombre: string;
  ClienteNIF: string | null;
  Impuesto: string;
  PorcentajeIva: string;
  Base: string;
  Cuota: string;
  PorcentajeRecargo: string;
  CuotaRecargo: string;
  Retencion: string;
  Total: string;
  Exencion: string | null;
}

export interface TotalTipo {
  Impuesto: string;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
  Base: string;
  Cuota: string;
  CuotaRecargo: string;
}
