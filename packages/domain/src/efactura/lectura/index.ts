/** Received structured e-invoices: the XML read into a draft received invoice, its totals cross-checked. */
export * from './ubl.ts';
export { ErrorXml } from './xml.ts';
