import { multipartFile } from '../../../../test/multipart.ts';
import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Received e-invoices: A imports a UBL invoice whose supplier has the NIF of B's supplier. The supplier is looked
 * up in A's company only, so A gets a supplier of its own (201) and B's supplier — named with the sentinel — is
 * neither matched, shown nor touched. The mailbox: A asking for, or rotating, its address never shows or changes
 * B's token.
 */
let nifB = '';
let tokenB = '';
const tokenDe = async ({ t, bEmpresaId }: IsolationContext) =>
  (
    await t.database.query<{ token: string }>(
      `select token from efactura_buzones where empresa_id = ${Number(bEmpresaId)}`,
    )
  )[0]?.token ?? '';

const ubl = (nif: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:ID>AISL-1</cbc:ID><cbc:IssueDate>2026-03-02</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>ES</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
<cac:PartyTaxScheme><cbc:CompanyID>ES${nif}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
<cac:PartyLegalEntity><cbc:RegistrationName>Proveedor de la prueba de aislamiento</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">121.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
<cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Servicio</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">100</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

export const efacturaRecepcionIsolation: IsolationArea = {
  async seedB(ctx: IsolationContext) {
    const { b, sentinel } = ctx;
    const proveedores = (await b.request('GET', '/api/compras/proveedores/list?TotalPagina=200')).body.Items;
    nifB = proveedores.find((p: Record<string, unknown>) => p.Nombre === sentinel && p.NIF)?.NIF ?? '';
    if (!nifB) throw new Error('B necesita un proveedor con NIF');
    await b.request('GET', '/api/compras/fcompra/buzon');
    tokenB = await tokenDe(ctx);
    if (!tokenB) throw new Error('B necesita su buzón de facturas');
  },
  async verifyB(ctx: IsolationContext) {
    if ((await tokenDe(ctx)) !== tokenB) throw new Error('El buzón de facturas de B ha cambiado');
  },
  explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
    return {
      'POST /api/compras/fcompra/importar-xml': async () => {
        const m = multipartFile('aislamiento.xml', ubl(nifB), 'application/xml');
        const res = await a.request('POST', '/api/compras/fcompra/importar-xml', m.body, m.headers);
        return { ...res, expected: 201 };
      },
    };
  },
};
