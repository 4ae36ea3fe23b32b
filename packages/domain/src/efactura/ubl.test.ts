import { describe, expect, it } from 'vitest';
import { categoriaDe } from './categorias.ts';
import { CASOS_FACTURA, CLIENTE_PRUEBA, facturaPrueba } from './efactura.testkit.ts';
import { facturaUbl, idIva } from './ubl.ts';

/** The texts of every `<nombre …>text</nombre>` in order. */
const textos = (xml: string, nombre: string) =>
  [...xml.matchAll(new RegExp(`<${nombre}(?:\\s[^>]*)?>([^<]*)</${nombre}>`, 'g'))].map((m) => m[1]);
const uno = (xml: string, nombre: string) => textos(xml, nombre)[0];
/** The XML of one `<nombre>…</nombre>` block (the first). */
const bloque = (xml: string, nombre: string) => new RegExp(`<${nombre}>[\\s\\S]*?</${nombre}>`).exec(xml)?.[0] ?? '';

describe('UBL / EN 16931 writer', () => {
  it('writes an invoice: type 380, standard categories per rate, totals and a due date', () => {
    const f = CASOS_FACTURA.general!;
    const xml = facturaUbl(f);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    expect(uno(xml, 'cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017');
    expect(uno(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(uno(xml, 'cbc:DueDate')).toBe('2026-04-01');
    expect(xml).not.toContain('UBLVersionID');
    const total = bloque(xml, 'cac:TaxTotal');
    expect(textos(total, 'cbc:Percent')).toEqual(['21', '10', '4']);
    expect(uno(bloque(xml, 'cac:LegalMonetaryTotal'), 'cbc:TaxExclusiveAmount')).toBe(f.BaseImponible);
    expect(uno(bloque(xml, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount')).toBe(f.Total);
    // The 10 % discount is the price's allowance: net price 80.955 over the gross 89.95.
    const primera = bloque(xml, 'cac:InvoiceLine');
    expect(uno(primera, 'cbc:PriceAmount')).toBe('80.955');
    expect(uno(primera, 'cbc:BaseAmount')).toBe('89.95');
    expect(uno(primera, 'cbc:LineExtensionAmount')).toBe('161.91');
    expect(uno(bloque(xml, 'cac:AccountingSupplierParty'), 'cbc:CompanyID')).toBe('ESB12345674');
  });

  it('carries recargo de equivalencia inside the standard category: VAT + surcharge rate and amount', () => {
    const f = CASOS_FACTURA.recargo!;
    const xml = facturaUbl(f);
    const sub = bloque(xml, 'cac:TaxSubtotal');
    expect(uno(sub, 'cbc:Percent')).toBe('26.2');
    const d = f.Desglose.find((x) => x.TipoIva === 'IVA21')!;
    expect(uno(sub, 'cbc:TaxAmount')).toBe((Number(d.Cuota) + Number(d.CuotaRecargo)).toFixed(2));
    expect(textos(xml, 'cbc:Note').some((n) => n?.includes('Recargo de equivalencia'))).toBe(true);
    expect(uno(xml, 'cbc:TaxAmount')).toBe((Number(f.TotalIva) + Number(f.TotalRecargo)).toFixed(2));
  });

  it('tells the IRPF withholding as WithholdingTaxTotal and as the prepaid amount, so the amount due is net of it', () => {
    const f = CASOS_FACTURA.irpf!;
    const xml = facturaUbl(f);
    const ret = bloque(xml, 'cac:WithholdingTaxTotal');
    expect(uno(ret, 'cbc:TaxAmount')).toBe('150.00');
    expect(uno(bloque(ret, 'cac:TaxScheme'), 'cbc:ID')).toBe('IRPF');
    // The withholding category has no ID: UNTDID 5305 has no code for it and the code list applies to every category.
    expect(bloque(ret, 'cac:TaxCategory')).not.toMatch(/<cbc:ID>(?!IRPF)/);
    const totales = bloque(xml, 'cac:LegalMonetaryTotal');
    expect(uno(totales, 'cbc:TaxInclusiveAmount')).toBe('1210.00');
    expect(uno(totales, 'cbc:PrepaidAmount')).toBe('150.00');
    expect(uno(totales, 'cbc:PayableAmount')).toBe('1060.00');
    expect(f.Total).toBe('1060.00');
  });

  it.each([
    ['exenta', 'E', null, 'artículo 20'],
    ['exportacion', 'G', 'VATEX-EU-G', 'artículo 21'],
    ['intracomunitaria', 'K', 'VATEX-EU-IC', 'artículo 25'],
    ['inversionSujetoPasivo', 'AE', 'VATEX-EU-AE', 'Inversión del sujeto pasivo'],
    ['noSujeta', 'O', 'VATEX-EU-O', 'no sujeta'],
  ])('%s: category %s with its exemption code %s and reason', (caso, codigo, vatex, texto) => {
    const xml = facturaUbl(CASOS_FACTURA[caso]!);
    const cat = bloque(xml, 'cac:TaxCategory');
    expect(uno(cat, 'cbc:ID')).toBe(codigo);
    expect(uno(cat, 'cbc:TaxExemptionReasonCode') ?? null).toBe(vatex);
    expect(uno(cat, 'cbc:TaxExemptionReason')).toContain(texto);
    expect(uno(bloque(xml, 'cac:ClassifiedTaxCategory'), 'cbc:ID')).toBe(codigo);
  });

  it('merges exempt causes into one E breakdown (BR-E-01) and keeps zero-rated lines as Z', () => {
    const xml = facturaUbl(CASOS_FACTURA.mixtaExenta!);
    expect(textos(bloque(xml, 'cac:TaxTotal'), 'cbc:ID').filter((c) => c !== 'VAT')).toEqual(['S', 'E', 'Z']);
    const exenta = facturaUbl(CASOS_FACTURA.exenta!);
    expect(textos(bloque(exenta, 'cac:TaxTotal'), 'cbc:ID').filter((c) => c !== 'VAT')).toEqual(['E']);
    expect(uno(exenta, 'cbc:TaxExemptionReason')).toBe(
      'Operación exenta de IVA; Operación exenta de IVA según el artículo 20 de la Ley 37/1992',
    );
  });

  it('names the destination of an intra-EU supply, and leaves out VAT ids when the operation is not subject', () => {
    const intra = facturaUbl(CASOS_FACTURA.intracomunitaria!);
    expect(uno(bloque(intra, 'cac:Delivery'), 'cbc:IdentificationCode')).toBe('DE');
    expect(uno(bloque(intra, 'cac:AccountingCustomerParty'), 'cbc:CompanyID')).toBe('DE123456789');
    const noSujeta = facturaUbl(CASOS_FACTURA.noSujeta!);
    expect(noSujeta).not.toContain('PartyTaxScheme');
    expect(uno(noSujeta, 'cbc:Percent')).toBeUndefined();
  });

  it('uses the Canary and Ceuta/Melilla categories for IGIC (L) and IPSI (M)', () => {
    expect(uno(bloque(facturaUbl(CASOS_FACTURA.igic!), 'cac:TaxCategory'), 'cbc:ID')).toBe('L');
    expect(uno(bloque(facturaUbl(CASOS_FACTURA.ipsi!), 'cac:TaxCategory'), 'cbc:ID')).toBe('M');
  });

  it('a simplified invoice names its buyer without a VAT id', () => {
    const xml = facturaUbl(CASOS_FACTURA.simplificada!);
    const comprador = bloque(xml, 'cac:AccountingCustomerParty');
    expect(comprador).not.toContain('PartyTaxScheme');
    expect(uno(comprador, 'cbc:RegistrationName')).toBe(CLIENTE_PRUEBA.Nombre);
  });

  it('a refunding corrective invoice is a CreditNote with positive amounts and the corrected invoice', () => {
    const f = CASOS_FACTURA.rectificativaAbono!;
    expect(Number(f.Total)).toBeLessThan(0);
    const xml = facturaUbl(f);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(uno(xml, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(uno(bloque(xml, 'cac:InvoiceDocumentReference'), 'cbc:ID')).toBe('F-2026/1');
    expect(uno(bloque(xml, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount')).toBe(f.Total.replace('-', ''));
    expect(uno(xml, 'cbc:CreditedQuantity')).toBe('1');
    expect(xml).not.toContain('DueDate');
    // UBL 2.1's CreditNote has no WithholdingTaxTotal; 2.5's has.
    expect(xml).not.toContain('WithholdingTaxTotal');
    expect(facturaUbl(f, { version: '2.5' })).toContain('WithholdingTaxTotal');
  });

  it('a substituting corrective invoice is a corrected invoice (384); a negative price turns the quantity', () => {
    const xml = facturaUbl(CASOS_FACTURA.rectificativaSustitucion!);
    expect(uno(xml, 'cbc:InvoiceTypeCode')).toBe('384');
    expect(textos(xml, 'cbc:Note').join(' ')).toContain('por sustitución');
    const segunda = [...xml.matchAll(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g)][1]![0];
    expect(uno(segunda, 'cbc:InvoicedQuantity')).toBe('-1');
    expect(uno(segunda, 'cbc:PriceAmount')).toBe('5');
    expect(uno(segunda, 'cbc:LineExtensionAmount')).toBe('-5.00');
  });

  it('UBL 2.5 is the same content with its version', () => {
    const f = CASOS_FACTURA.general!;
    const v25 = facturaUbl(f, { version: '2.5' });
    expect(uno(v25, 'cbc:UBLVersionID')).toBe('2.5');
    expect(v25.replace('<cbc:UBLVersionID>2.5</cbc:UBLVersionID>', '')).toBe(facturaUbl(f));
  });

  it('escapes text and drops characters XML cannot carry', () => {
    const f = facturaPrueba({
      Lineas: [{ Descripcion: 'Tuercas <M8> & "arandelas"\u0001', Cantidad: '1', Precio: '1', TipoIva: 'IVA21' }],
    });
    const xml = facturaUbl({ ...f, Receptor: { ...f.Receptor, Nombre: 'López & Hijos' } });
    expect(uno(xml, 'cbc:Name')).toBe('Tuercas &lt;M8&gt; &amp; &quot;arandelas&quot;');
    expect(xml).toContain('López &amp; Hijos');
  });

  it('prefixes Spanish ids with ES and keeps foreign ones out of the VAT id', () => {
    expect(idIva({ Nombre: 'x', Nif: 'b-1234567.4' })).toBe('ESB12345674');
    expect(idIva({ Nombre: 'x', Nif: 'FR12345678901', TipoNif: 'nifiva' })).toBe('FR12345678901');
    expect(idIva({ Nombre: 'x', Nif: 'X123', TipoNif: 'pasaporte' })).toBeNull();
    expect(idIva({ Nombre: 'x', Nif: null })).toBeNull();
  });

  it('decides a 0 % row without a cause by the regime, like VeriFactu', () => {
    const fila = {
      TipoIva: 'IVA0',
      Impuesto: 'IVA' as const,
      PorcentajeIva: '0.00',
      PorcentajeRecargo: '0.00',
      Exencion: null,
      Base: '10.00',
      Cuota: '0.00',
      CuotaRecargo: '0.00',
    };
    expect(categoriaDe(fila, 'general').Codigo).toBe('Z');
    expect(categoriaDe(fila, 'exportacion').Codigo).toBe('G');
    expect(categoriaDe(fila, 'intracomunitario').Codigo).toBe('K');
    expect(categoriaDe({ ...fila, Impuesto: 'IGIC' }, 'general')).toMatchObject({ Codigo: 'L', Porcentaje: '0' });
  });
});
