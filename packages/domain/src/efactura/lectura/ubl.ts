import { dec, neg, toFixed } from '../../money/decimal.ts';
import * as modelo from './modelo.ts';
import { type NodoXml, nodo, nodos, textoEn } from './xml.ts';

const CABECERA_UBL: modelo.RutasCabecera = {
  Numero: 'ID',
  Fecha: 'IssueDate',
  Moneda: 'DocumentCurrencyCode',
  NumeroRectificada: 'BillingReference/InvoiceDocumentReference/ID',
  FechaRectificada: 'BillingReference/InvoiceDocumentReference/IssueDate',
};

/**
 * UBL 2.1 / 2.5 Invoice and CreditNote (EN 16931's UBL syntax, and Faro's own writer: its withholding and due
 * dates travel in notes a UBL 2.1 credit note has no element for).
 */
export function leerUbl(raiz: NodoXml): modelo.FacturaLeida {
  const abono = raiz.nombre === 'CreditNote';
  const s = modelo.conSigno(abono);
  const Notas = nodos(raiz, 'Note').map((n) => n.texto);

  const lineas = nodos(raiz, abono ? 'CreditNoteLine' : 'InvoiceLine').map((l, i) => lineaUbl(l, i, abono, s));
  // Document-level allowances (BG-20) and charges (BG-21) as lines of their own.
  for (const a of nodos(raiz, 'AllowanceCharge')) {
    const cargo = textoEn(a, 'ChargeIndicator') === 'true';
    const valores = {
      cargo,
      importe: modelo.importe('AllowanceCharge/Amount', textoEn(a, 'Amount')),
      motivo: textoEn(a, 'AllowanceChargeReason'),
      categoria: textoEn(a, 'TaxCategory/ID') ?? 'S',
      porcentaje: textoEn(a, 'TaxCategory/Percent') ?? '0',
    };
    lineas.push(modelo.lineaDeDocumento(valores, s));
  }

  const Impuestos = nodos(raiz, 'TaxTotal')
    .flatMap((t) => nodos(t, 'TaxSubtotal'))
    .map((t) => ({
      Categoria: textoEn(t, 'TaxCategory/ID') ?? 'S',
      Porcentaje: modelo.sinCeros(textoEn(t, 'TaxCategory/Percent') ?? '0'),
      Base: s(modelo.importe('TaxSubtotal/TaxableAmount', textoEn(t, 'TaxableAmount'))),
      Cuota: s(modelo.importe('TaxSubtotal/TaxAmount', textoEn(t, 'TaxAmount'))),
      CodigoExencion: textoEn(t, 'TaxCategory/TaxExemptionReasonCode'),
    }));

  const { PorcRetencion, Retencion } = retencionDe(raiz, Notas, s);
  // The model's totals are named as UBL's LegalMonetaryTotal names them.
  const Totales = modelo.totalesEn(nodo(raiz, 'LegalMonetaryTotal'), modelo.TOTALES_UBL, s);
  return modelo.facturaLeida(
    { Formato: 'UBL', abono, raiz, rutas: CABECERA_UBL },
    {
      Proveedor: proveedorUbl(nodo(raiz, 'AccountingSupplierParty/Party')),
      Lineas: lineas,
      Impuestos,
      PorcRetencion,
      Retencion,
      Vencimientos: vencimientosUbl(raiz, Notas, Totales.PayableAmount, abono),
      Totales,
      Notas,
    },
  );
}

function lineaUbl(l: NodoXml, i: number, abono: boolean, s: (v: string) => string): modelo.LineaLeida {
  const campo = (c: string) => `línea ${i + 1}, ${c}`;
  return modelo.lineaLeida(
    {
      nombre: [textoEn(l, 'Item/Name'), textoEn(l, 'Item/Description')].filter(Boolean).join(' — '),
      cantidad: modelo.importe(campo('cantidad'), textoEn(l, abono ? 'CreditedQuantity' : 'InvoicedQuantity'), '1'),
      precio: modelo.importe(campo('precio'), textoEn(l, 'Price/PriceAmount'), '0'),
      base: modelo.importe(campo('cantidad base del precio'), textoEn(l, 'Price/BaseQuantity'), '1'),
      importe: modelo.importe(campo('modelo.importe'), textoEn(l, 'LineExtensionAmount')),
      categoria: textoEn(l, 'Item/ClassifiedTaxCategory/ID') ?? 'S',
      porcentaje: textoEn(l, 'Item/ClassifiedTaxCategory/Percent') ?? '0',
    },
    s,
  );
}

function proveedorUbl(p: NodoXml | undefined): modelo.ProveedorLeido {
  const Pais = (textoEn(p, 'PostalAddress/Country/IdentificationCode') ?? 'ES').toUpperCase();
  const iva = nodos(p, 'PartyTaxScheme').find((t) => (textoEn(t, 'TaxScheme/ID') ?? 'VAT') === 'VAT');
  const nif =
    modelo.nifDeIva(textoEn(iva, 'CompanyID')) ??
    textoEn(p, 'PartyLegalEntity/CompanyID') ??
    textoEn(p, 'EndpointID') ??
    textoEn(p, 'PartyIdentification/ID');
  return {
    Nombre: modelo.nombreProveedor(textoEn(p, 'PartyLegalEntity/RegistrationName') ?? textoEn(p, 'PartyName/Name')),
    Nif: nif,
    Direccion: textoEn(p, 'PostalAddress/StreetName'),
    CodPostal: textoEn(p, 'PostalAddress/PostalZone'),
    Poblacion: textoEn(p, 'PostalAddress/CityName'),
    Provincia: textoEn(p, 'PostalAddress/CountrySubentity'),
    Pais,
  };
}

/**
 * The IRPF withholding: `cac:WithholdingTaxTotal` where there is one, else the note Faro's writer adds (a UBL 2.1
 * credit note has no such element). Its rate is derived from the amount over the base when not stated.
 */
function retencionDe(
  raiz: NodoXml,
  notas: readonly string[],
  s: (v: string) => string,
): { PorcRetencion: string; Retencion: string } {
  const w = nodo(raiz, 'WithholdingTaxTotal');
  if (w) {
    const Retencion = s(modelo.importe('WithholdingTaxTotal/TaxAmount', textoEn(w, 'TaxAmount')));
    return { PorcRetencion: modelo.sinCeros(textoEn(w, 'TaxSubtotal/TaxCategory/Percent') ?? '0'), Retencion };
  }
  for (const n of notas) {
    const m = /Retención IRPF ([\d.]+) %: (-?[\d.]+) EUR/.exec(n);
    if (m) return { PorcRetencion: modelo.sinCeros(m[1]!), Retencion: s(m[2]!) };
  }
  return { PorcRetencion: '0', Retencion: '0.00' };
}

/** Due dates: Faro's writer lists them in the payment terms ('Vencimientos: dd/mm/aaaa 12.00 EUR; …'), others
 * give one `DueDate` (or the payment means' due date) for the amount payable. */
function vencimientosUbl(
  raiz: NodoXml,
  notas: readonly string[],
  pagar: string | null,
  abono: boolean,
): { Fecha: string; Importe: string }[] {
  const terminos = nodos(raiz, 'PaymentTerms').map((t) => textoEn(t, 'Note') ?? '');
  for (const t of [...terminos, ...notas]) {
    const lista = /Vencimientos: ([^.]*(?:\.\d+[^.]*)*)/.exec(t)?.[1];
    if (!lista) continue;
    const v = [...lista.matchAll(/(\d{2})\/(\d{2})\/(\d{4}) (-?[\d.]+) EUR/g)].map((m) => ({
      Fecha: `${m[3]}-${m[2]}-${m[1]}`,
      Importe: abono ? toFixed(neg(dec(m[4]!))) : m[4]!,
    }));
    if (v.length) return v;
  }
  return modelo.vencimientoUnico(textoEn(raiz, 'DueDate') ?? textoEn(raiz, 'PaymentMeans/PaymentDueDate'), pagar);
}
