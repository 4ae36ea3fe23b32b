import { describe, expect, it } from 'vitest';
import { add, dec, toFixed } from '../../money/decimal.ts';
import { CASOS_FACTURA } from '../efactura.testkit.ts';
import { facturaFacturae } from '../facturae/facturae.ts';
import { leerFacturaElectronica } from './leer.ts';
import { diferenciasTotales } from './totales.ts';

const caso = (nombre: string) => leerFacturaElectronica(facturaFacturae(CASOS_FACTURA[nombre]!));

// The writer refuses these two (their customer has no address), so they have no Facturae to read back.
const SIN_FACTURAE = new Set(['exportacion', 'intracomunitaria']);

/** Faro's own Facturae read back: what one Faro sends to a public body, another Faro books with the same figures. */
describe.each(Object.entries(CASOS_FACTURA).filter(([caso]) => !SIN_FACTURAE.has(caso)))(
  'Facturae de Faro leída de vuelta: %s',
  (_caso, factura) => {
    const f = leerFacturaElectronica(facturaFacturae(factura));

    it('reads the issuer, the lines, the withholding, the due dates and the totals as written', () => {
      expect(f.Formato).toBe('Facturae');
      expect(f.Numero).toBe(factura.Numero);
      expect(f.Fecha).toBe(factura.Fecha);
      expect(f.Proveedor).toMatchObject({ Nombre: factura.Emisor.Nombre, Nif: factura.Emisor.Nif, Pais: 'ES' });
      expect(f.Lineas.map((l) => toFixed(dec(l.Importe), 2))).toEqual(factura.Lineas.map((l) => l.Importe));
      expect(f.Retencion).toBe(factura.TotalRetencion);
      // Facturae's installments are amounts to pay: a refund's negative due date is not written.
      expect(f.Vencimientos.map((v) => v.Importe)).toEqual(
        factura.Vencimientos.filter((v) => dec(v.Importe).units > 0n).map((v) => v.Importe),
      );
      expect(f.Totales.TaxInclusiveAmount).toBe(
        toFixed(add(add(dec(factura.BaseImponible), dec(factura.TotalIva)), dec(factura.TotalRecargo)), 2),
      );
      expect(f.Totales.PayableAmount).toBe(factura.Total);
      expect(diferenciasTotales(f)).toEqual([]);
    });
  },
);

describe('leerFacturaElectronica (Facturae)', () => {
  it('folds recargo de equivalencia into the rate and reads exempt and not-subject lines by their event', () => {
    const recargo = caso('recargo');
    expect(recargo.Lineas.map((l) => `${l.Categoria} ${l.Porcentaje}`)).toEqual(['S 26.2', 'S 4.5']);
    const mixta = caso('mixtaExenta');
    expect(mixta.Lineas.map((l) => l.Categoria)).toEqual(['S', 'E', 'Z']);
    expect(caso('noSujeta').Lineas[0]!.Categoria).toBe('O');
    expect(caso('igic').Lineas[0]!.Categoria).toBe('L');
  });

  it('reads a corrective invoice with its negative amounts and the invoice it corrects', () => {
    const f = caso('rectificativaAbono');
    expect(f.Clase).toBe('abono');
    expect(f.Rectificada?.Numero).toBe(CASOS_FACTURA.rectificativaAbono!.Rectificada!.Numero);
    expect(f.Totales.PayableAmount).toBe(CASOS_FACTURA.rectificativaAbono!.Total);
  });

  it('reads a 3.2.1 file of a natural person abroad, with a general discount and a payment on account', () => {
    const f = leerFacturaElectronica(FACTURAE_321);
    expect(f.Numero).toBe('A-77');
    expect(f.Proveedor).toEqual({
      Nombre: 'Ana Costa Silva',
      Nif: 'PT123456789',
      Direccion: 'Rua Augusta 10',
      CodPostal: null,
      Poblacion: '1100-053 Lisboa',
      Provincia: 'Lisboa',
      Pais: 'PT',
    });
    expect(f.Lineas.map((l) => [l.Descripcion, l.Cantidad, l.Precio, l.Importe, l.DeDocumento ?? false])).toEqual([
      ['Traducción jurada', '2', '60', '120.00', false],
      ['Descuento por volumen', '1', '-20.00', '-20.00', true],
    ]);
    expect(f.Totales).toEqual({
      LineExtensionAmount: '120.00',
      TaxExclusiveAmount: '100.00',
      TaxInclusiveAmount: '121.00',
      PrepaidAmount: '50.00',
      PayableAmount: '71.00',
    });
    expect(f.Vencimientos).toEqual([{ Fecha: '2026-04-30', Importe: '71.00' }]);
    expect(diferenciasTotales(f)).toEqual([]);
  });

  it('refuses a batch of several invoices, naming how many', () => {
    const lote = FACTURAE_321.replace(/(<Invoices>)([\s\S]*)(<\/Invoices>)/, '$1$2$2$3');
    expect(() => leerFacturaElectronica(lote)).toThrow(
      'El fichero Facturae contiene 2 facturas: impórtalas de una en una',
    );
  });
});

const FACTURAE_321 = `<?xml version="1.0" encoding="UTF-8"?>
<fe:Facturae xmlns:fe="http://www.facturae.es/Facturae/2014/v3.2.1/Facturae">
  <FileHeader><SchemaVersion>3.2.1</SchemaVersion><Modality>I</Modality><InvoiceIssuerType>EM</InvoiceIssuerType></FileHeader>
  <Parties>
    <SellerParty>
      <TaxIdentification><PersonTypeCode>F</PersonTypeCode><ResidenceTypeCode>U</ResidenceTypeCode><TaxIdentificationNumber>PT123456789</TaxIdentificationNumber></TaxIdentification>
      <Individual><Name>Ana</Name><FirstSurname>Costa</FirstSurname><SecondSurname>Silva</SecondSurname>
        <OverseasAddress><Address>Rua Augusta 10</Address><PostCodeAndTown>1100-053 Lisboa</PostCodeAndTown><Province>Lisboa</Province><CountryCode>PRT</CountryCode></OverseasAddress>
      </Individual>
    </SellerParty>
    <BuyerParty>
      <TaxIdentification><PersonTypeCode>J</PersonTypeCode><ResidenceTypeCode>R</ResidenceTypeCode><TaxIdentificationNumber>B12345674</TaxIdentificationNumber></TaxIdentification>
      <LegalEntity><CorporateName>Cliente SL</CorporateName><AddressInSpain><Address>Calle Mayor 1</Address><PostCode>28001</PostCode><Town>Madrid</Town><Province>Madrid</Province><CountryCode>ESP</CountryCode></AddressInSpain></LegalEntity>
    </BuyerParty>
  </Parties>
  <Invoices>
    <Invoice>
      <InvoiceHeader><InvoiceNumber>77</InvoiceNumber><InvoiceSeriesCode>A-</InvoiceSeriesCode><InvoiceDocumentType>FC</InvoiceDocumentType><InvoiceClass>OO</InvoiceClass></InvoiceHeader>
      <InvoiceIssueData><IssueDate>2026-03-31</IssueDate><InvoiceCurrencyCode>EUR</InvoiceCurrencyCode><TaxCurrencyCode>EUR</TaxCurrencyCode><LanguageName>es</LanguageName></InvoiceIssueData>
      <TaxesOutputs><Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate><TaxableBase><TotalAmount>100.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>21.00</TotalAmount></TaxAmount></Tax></TaxesOutputs>
      <InvoiceTotals>
        <TotalGrossAmount>120.00</TotalGrossAmount>
        <GeneralDiscounts><Discount><DiscountReason>Descuento por volumen</DiscountReason><DiscountAmount>20.00</DiscountAmount></Discount></GeneralDiscounts>
        <TotalGeneralDiscounts>20.00</TotalGeneralDiscounts><TotalGeneralSurcharges>0.00</TotalGeneralSurcharges>
        <TotalGrossAmountBeforeTaxes>100.00</TotalGrossAmountBeforeTaxes><TotalTaxOutputs>21.00</TotalTaxOutputs><TotalTaxesWithheld>0.00</TotalTaxesWithheld>
        <InvoiceTotal>121.00</InvoiceTotal>
        <PaymentsOnAccount><PaymentOnAccount><PaymentOnAccountDate>2026-03-01</PaymentOnAccountDate><PaymentOnAccountAmount>50.00</PaymentOnAccountAmount></PaymentOnAccount></PaymentsOnAccount>
        <TotalOutstandingAmount>71.00</TotalOutstandingAmount><TotalPaymentsOnAccount>50.00</TotalPaymentsOnAccount><TotalExecutableAmount>71.00</TotalExecutableAmount>
      </InvoiceTotals>
      <Items><InvoiceLine><ItemDescription>Traducción jurada</ItemDescription><Quantity>2.0</Quantity><UnitPriceWithoutTax>60.000000</UnitPriceWithoutTax><TotalCost>120.00</TotalCost><GrossAmount>120.00</GrossAmount>
        <TaxesOutputs><Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate><TaxableBase><TotalAmount>120.00</TotalAmount></TaxableBase></Tax></TaxesOutputs></InvoiceLine></Items>
      <PaymentDetails><Installment><InstallmentDueDate>2026-04-30</InstallmentDueDate><InstallmentAmount>71.00</InstallmentAmount><PaymentMeans>04</PaymentMeans></Installment></PaymentDetails>
    </Invoice>
  </Invoices>
</fe:Facturae>`;
