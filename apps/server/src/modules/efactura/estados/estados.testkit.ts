import { multipartFile } from '../../../../test/multipart.ts';
import type { Session } from '../../../../test/testApp.ts';
import { RUTA_IMPORTAR_XML } from '../recepcion/rutas.ts';

/** A received e-invoice as its issuer sends it: a Spanish supplier, one line of 100 € at 21 % VAT. */
export interface UblRecibida {
  numero: string;
  nif: string;
  fecha: string;
  nombre?: string;
}

const cbc = (n: string, v: string, attrs = '') => `<cbc:${n}${attrs}>${v}</cbc:${n}>`;
const eur = (n: string, v: string) => cbc(n, v, ' currencyID="EUR"');
const categoria = (tag: string) =>
  `<cac:${tag}>${cbc('ID', 'S')}${cbc('Percent', '21')}<cac:TaxScheme>${cbc('ID', 'VAT')}</cac:TaxScheme></cac:${tag}>`;

export function ublRecibida(f: UblRecibida): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
${cbc('ID', f.numero)}${cbc('IssueDate', f.fecha)}${cbc('InvoiceTypeCode', '380')}${cbc('DocumentCurrencyCode', 'EUR')}
<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country>${cbc('IdentificationCode', 'ES')}</cac:Country></cac:PostalAddress>
<cac:PartyTaxScheme>${cbc('CompanyID', `ES${f.nif}`)}<cac:TaxScheme>${cbc('ID', 'VAT')}</cac:TaxScheme></cac:PartyTaxScheme>
<cac:PartyLegalEntity>${cbc('RegistrationName', f.nombre ?? 'Suministros del estado')}</cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:TaxTotal>${eur('TaxAmount', '21.00')}<cac:TaxSubtotal>${eur('TaxableAmount', '100.00')}${eur('TaxAmount', '21.00')}${categoria('TaxCategory')}</cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal>${eur('LineExtensionAmount', '100.00')}${eur('TaxExclusiveAmount', '100.00')}${eur('TaxInclusiveAmount', '121.00')}${eur('PayableAmount', '121.00')}</cac:LegalMonetaryTotal>
<cac:InvoiceLine>${cbc('ID', '1')}${cbc('InvoicedQuantity', '1', ' unitCode="C62"')}${eur('LineExtensionAmount', '100.00')}<cac:Item>${cbc('Name', 'Servicio')}${categoria('ClassifiedTaxCategory')}</cac:Item><cac:Price>${eur('PriceAmount', '100')}</cac:Price></cac:InvoiceLine>
</Invoice>`;
}

/** Imports a received e-invoice as the browser does; the draft's id. */
export async function importarRecibida(s: Session, f: UblRecibida): Promise<number> {
  const m = multipartFile(`${f.numero}.xml`, ublRecibida(f), 'application/xml');
  const res = await s.request('POST', RUTA_IMPORTAR_XML, m.body, m.headers);
  if (res.status !== 201) throw new Error(`Importar ${f.numero}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Id as number;
}
