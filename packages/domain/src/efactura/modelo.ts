import type { DesgloseIva } from '../sales/totals.ts';

/**
 * An issued invoice as every structured e-invoice format reads it (UBL / EN 16931 today, Facturae next): the
 * parties, the lines, the VAT breakdown the totals calculation stored, withholding, due dates and the invoice it
 * corrects. Amounts are the stored decimal texts ('121.00'); nothing here is recomputed, so a stored
 * inconsistency shows up in validation instead of being papered over.
 */
export interface ParteFactura {
  Nombre: string;
  /** A Spanish NIF without prefix, an EU VAT id with its country prefix, or another kind of id (see TipoNif). */
  Nif: string | null;
  /** The contact's kind of id (`TIPOS_IDENTIFICACION`: nif, nifiva, pasaporte…); null or absent: Spanish NIF. */
  TipoNif?: string | null;
  Direccion?: string | null;
  CodPostal?: string | null;
  Poblacion?: string | null;
  /** The province's name (not its INE code). */
  Provincia?: string | null;
  /** ISO 3166-1 alpha-2; absent or empty: ES. */
  Pais?: string | null;
}

export interface LineaFactura {
  Descripcion: string;
  Cantidad: string;
  /** Unit price before the line discount. */
  Precio: string;
  /** Discount %, '0' for none. */
  Descuento: string;
  /** Line net amount (2 decimals) as stored. */
  Importe: string;
  /** The VAT type key: its row of `Desglose` says the tax, rate, surcharge and exemption. */
  TipoIva: string;
}

export interface FacturaRectificada {
  Numero: string;
  Fecha: string;
  /** R1–R5 (art. 80 LIVA causes). */
  Motivo: string | null;
  /** S: substitution, I: by differences. */
  Modo: string | null;
}

export type ClaseFacturaElectronica = 'factura' | 'simplificada' | 'rectificativa';

export interface FacturaElectronica {
  Tipo: ClaseFacturaElectronica;
  Numero: string;
  Fecha: string;
  Emisor: ParteFactura;
  Receptor: ParteFactura;
  /** The customer's VAT regime (general, recargo, exento, intracomunitario, exportacion). */
  RegimenIva: string | null;
  Lineas: LineaFactura[];
  Desglose: DesgloseIva[];
  BaseImponible: string;
  TotalIva: string;
  TotalRecargo: string;
  PorcRetencion: string;
  TotalRetencion: string;
  Total: string;
  Rectificada: FacturaRectificada | null;
  Vencimientos: { Fecha: string; Importe: string }[];
  FormaPago: string | null;
  Observaciones: string | null;
}
