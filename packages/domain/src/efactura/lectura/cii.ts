import * as modelo from './modelo.ts';
import { type NodoXml, nodo, nodos, textoEn } from './xml.ts';

/** UNTDID 1001 codes of a credit note (EN 16931 allows 381 and 396 in CII; 261 is a self-billed one). */
const ABONOS = new Set(['381', '396', '261']);

/** A CII date (format 102, 'AAAAMMDD') as ISO; other formats as they are (then refused as a missing date). */
const fechaCii = (n: NodoXml | undefined, ruta: string): string | null =>
  modelo.fechaIso(textoEn(n, `${ruta}/DateTimeString`));

const CABECERA_CII: modelo.RutasCabecera = {
  Numero: 'ExchangedDocument/ID',
  Fecha: 'ExchangedDocument/IssueDateTime/DateTimeString',
  Moneda: 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceCurrencyCode',
  NumeroRectificada:
    'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceReferencedDocument/IssuerAssignedID',
  FechaRectificada:
    'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceReferencedDocument/FormattedIssueDateTime/DateTimeString',
};

/**
 * UN/CEFACT Cross Industry Invoice (D16B, EN 16931's CII syntax; Factur-X and ZUGFeRD use it): the seller, the trade
 * line items, the header allowances and charges, the VAT breakdown, payment terms and the monetary summation.
 * CII has no withholding element (an IRPF withholding is not part of EN 16931).
 */
export function leerCii(raiz: NodoXml): modelo.FacturaLeida {
  const doc = nodo(raiz, 'ExchangedDocument');
  const tx = nodo(raiz, 'SupplyChainTradeTransaction');
  const acuerdo = nodo(tx, 'ApplicableHeaderTradeAgreement');
  const liquidacion = nodo(tx, 'ApplicableHeaderTradeSettlement');
  const abono = ABONOS.has(textoEn(doc, 'TypeCode') ?? '');
  const s = modelo.conSigno(abono);

  const lineas = nodos(tx, 'IncludedSupplyChainTradeLineItem').map((l, i) => lineaCii(l, i, s));
  // Document-level allowances (BG-20) and charges (BG-21) as lines of their own.
  for (const a of nodos(liquidacion, 'SpecifiedTradeAllowanceCharge')) {
    const valores = {
      cargo: textoEn(a, 'ChargeIndicator/Indicator') === 'true',
      importe: modelo.importe('SpecifiedTradeAllowanceCharge/ActualAmount', textoEn(a, 'ActualAmount')),
      motivo: textoEn(a, 'Reason'),
      categoria: textoEn(a, 'CategoryTradeTax/CategoryCode') ?? 'S',
      porcentaje: textoEn(a, 'CategoryTradeTax/RateApplicablePercent') ?? '0',
    };
    lineas.push(modelo.lineaDeDocumento(valores, s));
  }

  const Impuestos = nodos(liquidacion, 'ApplicableTradeTax').map((t) => ({
    Categoria: textoEn(t, 'CategoryCode') ?? 'S',
    Porcentaje: modelo.sinCeros(textoEn(t, 'RateApplicablePercent') ?? '0'),
    Base: s(modelo.importe('ApplicableTradeTax/BasisAmount', textoEn(t, 'BasisAmount'))),
    Cuota: s(modelo.importe('ApplicableTradeTax/CalculatedAmount', textoEn(t, 'CalculatedAmount'))),
    CodigoExencion: textoEn(t, 'ExemptionReasonCode'),
  }));

  const Totales = modelo.totalesEn(
    nodo(liquidacion, 'SpecifiedTradeSettlementHeaderMonetarySummation'),
    {
      LineExtensionAmount: 'LineTotalAmount',
      TaxExclusiveAmount: 'TaxBasisTotalAmount',
      TaxInclusiveAmount: 'GrandTotalAmount',
      PrepaidAmount: 'TotalPrepaidAmount',
      PayableAmount: 'DuePayableAmount',
    },
    s,
  );
  return modelo.facturaLeida(
    { Formato: 'CII', abono, raiz, rutas: CABECERA_CII },
    {
      Proveedor: proveedorCii(nodo(acuerdo, 'SellerTradeParty')),
      Lineas: lineas,
      Impuestos,
      Vencimientos: modelo.vencimientoUnico(
        fechaCii(nodo(liquidacion, 'SpecifiedTradePaymentTerms'), 'DueDateDateTime'),
        Totales.PayableAmount,
      ),
      Totales,
      Notas: nodos(doc, 'IncludedNote').map((n) => textoEn(n, 'Content') ?? ''),
    },
  );
}

function lineaCii(l: NodoXml, i: number, s: (v: string) => string): modelo.LineaLeida {
  const campo = (c: string) => `línea ${i + 1}, ${c}`;
  const precio = nodo(l, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice');
  const liquidacion = nodo(l, 'SpecifiedLineTradeSettlement');
  const producto = nodo(l, 'SpecifiedTradeProduct');
  return modelo.lineaLeida(
    {
      nombre: [textoEn(producto, 'Name'), textoEn(producto, 'Description')].filter(Boolean).join(' — '),
      cantidad: modelo.importe(campo('cantidad'), textoEn(l, 'SpecifiedLineTradeDelivery/BilledQuantity'), '1'),
      precio: modelo.importe(campo('precio'), textoEn(precio, 'ChargeAmount'), '0'),
      base: modelo.importe(campo('cantidad base del precio'), textoEn(precio, 'BasisQuantity'), '1'),
      importe: modelo.importe(
        campo('modelo.importe'),
        textoEn(liquidacion, 'SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount'),
      ),
      categoria: textoEn(liquidacion, 'ApplicableTradeTax/CategoryCode') ?? 'S',
      porcentaje: textoEn(liquidacion, 'ApplicableTradeTax/RateApplicablePercent') ?? '0',
    },
    s,
  );
}

function proveedorCii(p: NodoXml | undefined): modelo.ProveedorLeido {
  const registros = nodos(p, 'SpecifiedTaxRegistration');
  const iva = registros.find((r) => nodo(r, 'ID')?.atributos.schemeID === 'VA') ?? registros[0];
  const direccion = nodo(p, 'PostalTradeAddress');
  return {
    Nombre: modelo.nombreProveedor(textoEn(p, 'Name')),
    Nif:
      modelo.nifDeIva(textoEn(iva, 'ID')) ??
      textoEn(p, 'SpecifiedLegalOrganization/ID') ??
      textoEn(p, 'GlobalID') ??
      textoEn(p, 'ID'),
    Direccion: [textoEn(direccion, 'LineOne'), textoEn(direccion, 'LineTwo')].filter(Boolean).join(', ') || null,
    CodPostal: textoEn(direccion, 'PostcodeCode'),
    Poblacion: textoEn(direccion, 'CityName'),
    Provincia: textoEn(direccion, 'CountrySubDivisionName'),
    Pais: (textoEn(direccion, 'CountryID') ?? 'ES').toUpperCase(),
  };
}
