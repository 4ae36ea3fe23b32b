import { describe, expect, it } from 'vitest';
import { CASOS_FACTURA, CLIENTE_PRUEBA } from '../efactura.testkit.ts';
import { FacturaeIncompleta, facturaFacturae, MSG_FACTURAE, serieYNumeroFacturae } from './facturae.ts';
import { paisFacturae } from './paises.ts';

/** Facturae 3.2.2's content per tax case (the schema itself is checked server-side with libxml2: facturae/). */
const DIR3 = { OficinaContable: 'L01281965', OrganoGestor: 'L01281966', UnidadTramitadora: 'L01281967' };
const de = (xml: string, etiqueta: string) =>
  [...xml.matchAll(new RegExp(`<${etiqueta}>([^<]*)</${etiqueta}>`, 'g'))].map((m) => m[1]);

describe('facturaFacturae', () => {
  it('writes the DIR3 units with FACe’s roles, the parties’ ids and the number’s series apart', () => {
    const xml = facturaFacturae(CASOS_FACTURA.general!, { Dir3: DIR3, Iban: 'ES91 2100 0418 4502 0005 1332' });
    expect(xml).toContain(
      '<AdministrativeCentre><CentreCode>L01281965</CentreCode><RoleTypeCode>01</RoleTypeCode><AddressInSpain>',
    );
    expect(de(xml, 'RoleTypeCode')).toEqual(['01', '02', '03']);
    expect(de(xml, 'CentreCode')).toEqual(['L01281965', 'L01281966', 'L01281967']);
    expect(de(xml, 'TaxIdentificationNumber')).toEqual(['B12345674', 'A58818501']);
    expect(de(xml, 'PersonTypeCode')).toEqual(['J', 'J']);
    expect(de(xml, 'InvoiceNumber')).toEqual(['1']);
    expect(de(xml, 'InvoiceSeriesCode')).toEqual(['F-2026/']);
    expect(de(xml, 'InvoiceClass')).toEqual(['OO']);
    expect(de(xml, 'IBAN')).toEqual(['ES9121000418450200051332']);
    expect(de(xml, 'PaymentMeans')).toEqual(['04']);
    // A 10 % line discount: 2 × 89.95 = 179.9, less 17.99, is the stored 161.91.
    expect(xml).toContain('<TotalCost>179.9</TotalCost><DiscountsAndRebates><Discount>');
    expect(xml).toContain('<DiscountAmount>17.99</DiscountAmount></Discount></DiscountsAndRebates><GrossAmount>161.91');
    expect(de(xml, 'InvoiceTotal')).toEqual([CASOS_FACTURA.general!.Total]);
    // The payment method's medium decides the means; the account goes only with a transfer.
    const recibo = facturaFacturae(CASOS_FACTURA.general!, {
      Medio: 'domiciliacion',
      Iban: 'ES9121000418450200051332',
    });
    expect(de(recibo, 'PaymentMeans')).toEqual(['02']);
    expect(de(recibo, 'IBAN')).toEqual([]);
    expect(de(facturaFacturae({ ...CASOS_FACTURA.general!, FormaPago: 'Tarjeta de crédito' }), 'PaymentMeans')).toEqual(
      ['19'],
    );
  });

  it('carries the surcharge as EquivalenceSurcharge and the IRPF as TaxesWithheld (InvoiceTotal net of it)', () => {
    const recargo = facturaFacturae(CASOS_FACTURA.recargo!);
    expect(recargo).toMatch(
      /<TaxRate>21\.00<\/TaxRate><TaxableBase><TotalAmount>37\.00<\/TotalAmount><\/TaxableBase><TaxAmount><TotalAmount>7\.77<\/TotalAmount><\/TaxAmount><EquivalenceSurcharge>5\.20<\/EquivalenceSurcharge><EquivalenceSurchargeAmount><TotalAmount>1\.92<\/TotalAmount>/,
    );
    const irpf = facturaFacturae(CASOS_FACTURA.irpf!);
    expect(irpf).toContain(
      '<TaxesWithheld><Tax><TaxTypeCode>04</TaxTypeCode><TaxRate>15.00</TaxRate><TaxableBase><TotalAmount>1000.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>150.00</TotalAmount>',
    );
    expect(de(irpf, 'TotalTaxesWithheld')).toEqual(['150.00']);
    expect(de(irpf, 'InvoiceTotal')).toEqual(['1060.00']);
  });

  it('marks exempt and not-subject lines with their event and reason, IGIC and IPSI with their codes', () => {
    const exenta = facturaFacturae(CASOS_FACTURA.exenta!);
    expect(de(exenta, 'SpecialTaxableEventCode')).toEqual(['01', '01']);
    expect(de(exenta, 'LegalReference').length).toBeGreaterThan(0);
    expect(de(facturaFacturae(CASOS_FACTURA.noSujeta!), 'SpecialTaxableEventCode')).toEqual(['02']);
    expect(de(facturaFacturae(CASOS_FACTURA.igic!), 'TaxTypeCode')).toEqual(['03', '03']);
    expect(de(facturaFacturae(CASOS_FACTURA.ipsi!), 'TaxTypeCode')).toEqual(['02', '02']);
    expect(de(facturaFacturae(CASOS_FACTURA.inversionSujetoPasivo!), 'LegalReference')).toEqual([
      'Inversión del sujeto pasivo',
    ]);
  });

  it('writes a corrective invoice as class OR with the corrected invoice, cause and method', () => {
    const xml = facturaFacturae(CASOS_FACTURA.rectificativaSustitucion!);
    expect(de(xml, 'InvoiceClass')).toEqual(['OR']);
    expect(xml).toContain(
      '<Corrective><InvoiceNumber>1</InvoiceNumber><InvoiceSeriesCode>F-2026/</InvoiceSeriesCode><ReasonCode>10</ReasonCode>',
    );
    expect(de(xml, 'CorrectionMethod')).toEqual(['01']);
    expect(xml).toContain('<TaxPeriod><StartDate>2026-03-01</StartDate><EndDate>2026-03-31</EndDate></TaxPeriod>');
    expect(de(facturaFacturae(CASOS_FACTURA.simplificada!), 'InvoiceDocumentType')).toEqual(['FA']);
  });

  it('names a natural person by name and surnames, and EU and foreign customers by residence', () => {
    const persona = facturaFacturae({
      ...CASOS_FACTURA.general!,
      Receptor: { ...CLIENTE_PRUEBA, Nombre: 'Ana María García López', Nif: '12345678Z' },
    });
    expect(persona).toContain(
      '<Individual><Name>Ana María</Name><FirstSurname>García</FirstSurname><SecondSurname>López</SecondSurname>',
    );
    expect(de(persona, 'PersonTypeCode')).toEqual(['J', 'F']);
    const dir = { Direccion: 'Hauptstraße 5', CodPostal: '10115', Poblacion: 'Berlin' };
    const ue = facturaFacturae({
      ...CASOS_FACTURA.intracomunitaria!,
      Receptor: { ...CASOS_FACTURA.intracomunitaria!.Receptor, ...dir },
    });
    expect(de(ue, 'ResidenceTypeCode')).toEqual(['R', 'U']);
    expect(ue).toContain(
      '<OverseasAddress><Address>Hauptstraße 5</Address><PostCodeAndTown>10115 Berlin</PostCodeAndTown>',
    );
    expect(de(ue, 'CountryCode')).toEqual(['ESP', 'DEU']);
    expect(paisFacturae('EL')).toBe('GRC');
    expect(paisFacturae('XX')).toBeNull();
  });

  it('refuses, in Spanish, an invoice whose customer lacks the address Facturae requires', () => {
    const sinDireccion = { ...CASOS_FACTURA.general!, Receptor: { Nombre: 'Ayuntamiento', Nif: 'P2807900B' } };
    expect(() => facturaFacturae(sinDireccion)).toThrow(FacturaeIncompleta);
    expect(() => facturaFacturae(sinDireccion)).toThrow(
      MSG_FACTURAE.incompleta([
        'dirección del cliente',
        'población del cliente',
        'código postal del cliente (5 cifras)',
        'provincia del cliente',
      ]),
    );
  });

  it('splits a number into series and digits', () => {
    expect(serieYNumeroFacturae('F2026-0007')).toEqual({ serie: 'F2026-', numero: '0007' });
    expect(serieYNumeroFacturae('123')).toEqual({ serie: null, numero: '123' });
    expect(serieYNumeroFacturae('SIN-NUMERO')).toEqual({ serie: null, numero: 'SIN-NUMERO' });
  });
});
