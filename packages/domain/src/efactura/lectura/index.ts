/** Received structured e-invoices (UBL, CII, Facturae): the XML read into a draft received invoice, its totals cross-checked. */
export { leerFacturaElectronica } from './leer.ts';
export {
  ErrorFormato,
  type FacturaLeida,
  type FormatoFactura,
  type ImpuestoLeido,
  type LineaLeida,
  MSG_LECTURA,
  type ProveedorLeido,
  type TotalesXml,
} from './modelo.ts';
export * from './totales.ts';
export { ErrorXml } from './xml.ts';
