import { type Dec, dec, isZero, mul, neg, shift, sub, sum, toFixed } from '../money/decimal.ts';
import { TIPOS_FACTURA } from '../verifactu/codes.ts';
import { type CategoriaIva, categoriaDe, porcentajeTexto, type SubtotalIva, subtotalesIva } from './categorias.ts';
import type { FacturaElectronica, LineaFactura, ParteFactura } from './modelo.ts';
import { grupoXml as g, hojaXml as h } from './xml.ts';

/**
 * An issued invoice as UBL 2.1 (or 2.5: same content, `UBLVersionID` 2.5) under EN 16931
 * (`CustomizationID urn:cen.eu:en16931:2017`):
 * - Invoice 380 for invoices and simplified invoices, 384 (corrected invoice) for a corrective invoice whose
 *   total is not negative, and a CreditNote 381 with every amount's sign turned for one that refunds (total < 0).
 *   A corrective invoice names the invoice it corrects in `BillingReference` (BG-3) and its R1–R5 cause in a note.
 * - VAT categories per breakdown row: `categorias.ts` (S, Z, E, G, K, AE, O, L, M; recargo inside S).
 * - IRPF withholding: EN 16931 has no withholding and its rules count one `TaxTotal` only (BR-CO-15), so the
 *   withholding is told three ways that keep every rule: `cac:WithholdingTaxTotal` (the UBL element for it, scheme
 *   IRPF; only a warning, UBL-CR-513, for the CEN rules; a 2.1 CreditNote has no such element), the amount as
 *   `PrepaidAmount` (BT-113) so that PayableAmount = total with VAT − withholding (BR-CO-16), and a note.
 * - Payment: the due dates as `PaymentTerms` (and the first as `DueDate` on an invoice), which BR-CO-25 asks for
 *   whenever something is due.
 */
export type VersionUbl = '2.1' | '2.5';

const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const MONEDA = 'EUR';
/** UN/ECE rec. 20 "one": Faro's quantities carry no unit. */
const UNIDAD = 'C62';

const importe = (v: Dec | string) => toFixed(typeof v === 'string' ? dec(v) : v, 2);
/** A quantity or price without trailing zeros: '2.000' → '2', '12.500000' → '12.5'. */
const decimal = (v: Dec) => {
  const t = toFixed(v);
  return t.includes('.') ? t.replace(/\.?0+$/, '') : t;
};
const fechaEs = (iso: string) => iso.split('-').reverse().join('/');

/** The Spanish NIF as a VAT identifier (BR-CO-09: an ISO country prefix), an EU VAT id as it is. */
export function idIva(p: ParteFactura): string | null {
  const nif = p.Nif?.replace(/[\s.-]/g, '').toUpperCase();
  if (!nif) return null;
  if (p.TipoNif === 'nifiva') return nif;
  if (p.TipoNif && p.TipoNif !== 'nif') return null;
  return nif.startsWith('ES') ? nif : `ES${nif}`;
}

export interface OpcionesUbl {
  version?: VersionUbl;
}

/** The UBL XML of an issued invoice. */
export function facturaUbl(f: FacturaElectronica, opciones: OpcionesUbl = {}): string {
  const version = opciones.version ?? '2.1';
  const abono = f.Tipo === 'rectificativa' && dec(f.Total).units < 0n;
  const raiz = abono ? 'CreditNote' : 'Invoice';
  // A credit note states what is credited: every amount with its sign turned.
  const s = (v: string) => (abono ? neg(dec(v)) : dec(v));
  const m = (v: string) => importe(s(v));
  const cantidad = (nombre: string, v: string) => h(`cbc:${nombre}`, v, { currencyID: MONEDA });

  const subtotales = subtotalesIva(f.Desglose, f.RegimenIva);
  const noSujeta = subtotales.some((t) => t.Categoria.Codigo === 'O');
  const categoriaPorTipo = new Map(f.Desglose.map((d) => [d.TipoIva, categoriaDe(d, f.RegimenIva)]));
  const retencion = dec(f.TotalRetencion);
  const conRetencion = !isZero(retencion);
  const totalImpuestos = toFixed(sumar([f.TotalIva, f.TotalRecargo]), 2);
  const conImpuestos = toFixed(sumar([f.BaseImponible, f.TotalIva, f.TotalRecargo]), 2);
  const rectificada = f.Rectificada;

  const notas = notasDe(f, m);
  const vencimientos = f.Vencimientos.filter((v) => !isZero(dec(v.Importe)));
  const terminos = terminosDePago(f.FormaPago, vencimientos, m);
  const pagar = dec(f.Total);

  const lineas = f.Lineas.map((l, i) => linea(l, i, abono, categoriaPorTipo.get(l.TipoIva) ?? CATEGORIA_SUELTA));

  const cuerpo = [
    version === '2.5' ? h('cbc:UBLVersionID', '2.5') : '',
    h('cbc:CustomizationID', 'urn:cen.eu:en16931:2017'),
    h('cbc:ID', f.Numero),
    h('cbc:IssueDate', f.Fecha),
    !abono && !isZero(pagar) ? h('cbc:DueDate', vencimientos[0]?.Fecha ?? f.Fecha) : '',
    h(
      abono ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode',
      abono ? '381' : f.Tipo === 'rectificativa' ? '384' : '380',
    ),
    ...notas.map((n) => h('cbc:Note', n)),
    h('cbc:DocumentCurrencyCode', MONEDA),
    rectificada
      ? g(
          'cac:BillingReference',
          g('cac:InvoiceDocumentReference', h('cbc:ID', rectificada.Numero), h('cbc:IssueDate', rectificada.Fecha)),
        )
      : '',
    g('cac:AccountingSupplierParty', parte(f.Emisor, !noSujeta)),
    g('cac:AccountingCustomerParty', parte(f.Receptor, !noSujeta && f.Tipo !== 'simplificada')),
    // An intra-EU supply names where the goods went and when (BR-IC-11, BR-IC-12).
    subtotales.some((t) => t.Categoria.Codigo === 'K')
      ? g(
          'cac:Delivery',
          h('cbc:ActualDeliveryDate', f.Fecha),
          g(
            'cac:DeliveryLocation',
            g('cac:Address', g('cac:Country', h('cbc:IdentificationCode', paisDe(f.Receptor)))),
          ),
        )
      : '',
    terminos ? g('cac:PaymentTerms', h('cbc:Note', terminos)) : '',
    g('cac:TaxTotal', cantidad('TaxAmount', m(totalImpuestos)), ...subtotales.map((t) => subtotal(t, abono))),
    conRetencion && (!abono || version === '2.5')
      ? g(
          'cac:WithholdingTaxTotal',
          cantidad('TaxAmount', m(f.TotalRetencion)),
          g(
            'cac:TaxSubtotal',
            cantidad('TaxableAmount', m(f.BaseImponible)),
            cantidad('TaxAmount', m(f.TotalRetencion)),
            g(
              'cac:TaxCategory',
              h('cbc:Name', 'Retención IRPF'),
              h('cbc:Percent', porcentajeTexto(f.PorcRetencion)),
              g('cac:TaxScheme', h('cbc:ID', 'IRPF')),
            ),
          ),
        )
      : '',
    g(
      'cac:LegalMonetaryTotal',
      cantidad('LineExtensionAmount', importe(s(toFixed(sumar(f.Lineas.map((l) => l.Importe)), 2)))),
      cantidad('TaxExclusiveAmount', m(f.BaseImponible)),
      cantidad('TaxInclusiveAmount', m(conImpuestos)),
      conRetencion ? cantidad('PrepaidAmount', m(f.TotalRetencion)) : '',
      cantidad('PayableAmount', m(f.Total)),
    ),
    ...lineas,
  ].join('');

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${raiz} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${raiz}-2" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">` +
    `${cuerpo}</${raiz}>\n`
  );
}

/** BT-22 notes: the observations, the correction (R1–R5 and mode), each surcharge's parts, the withholding. */
function notasDe(f: FacturaElectronica, m: (v: string) => string): (string | null)[] {
  const r = f.Rectificada;
  return [
    f.Observaciones,
    r
      ? `Factura rectificativa${r.Motivo ? ` (${r.Motivo})` : ''} de la factura ${r.Numero} del ${fechaEs(r.Fecha)}, ${r.Modo === 'S' ? 'por sustitución' : 'por diferencias'}${motivoRectificacion(r.Motivo)}`
      : null,
    ...f.Desglose.filter((d) => !isZero(dec(d.CuotaRecargo))).map(
      (d) =>
        `Recargo de equivalencia: el tipo ${porcentajeTexto(d.PorcentajeIva)} % + ${porcentajeTexto(d.PorcentajeRecargo)} % incluye IVA ${m(d.Cuota)} y recargo ${m(d.CuotaRecargo)} sobre la base ${m(d.Base)}`,
    ),
    isZero(dec(f.TotalRetencion))
      ? null
      : `Retención IRPF ${porcentajeTexto(f.PorcRetencion)} %: ${m(f.TotalRetencion)} EUR, descontada del importe a pagar (figura como importe anticipado)`,
  ];
}

/** BT-20 payment terms: the payment method and the due dates with their amounts ('' when there is neither). */
function terminosDePago(
  forma: string | null,
  vencimientos: readonly { Fecha: string; Importe: string }[],
  m: (v: string) => string,
): string {
  return [
    forma ? `Forma de pago: ${forma}` : null,
    vencimientos.length
      ? `Vencimientos: ${vencimientos.map((v) => `${fechaEs(v.Fecha)} ${m(v.Importe)} EUR`).join('; ')}`
      : null,
  ]
    .filter(Boolean)
    .join('. ');
}

const sumar = (vs: readonly string[]): Dec => sum(vs.map((v) => dec(v)));

function motivoRectificacion(motivo: string | null): string {
  const texto = TIPOS_FACTURA.find((t) => t.value === motivo)?.label;
  return texto ? `. Motivo: ${texto}` : '';
}

const paisDe = (p: ParteFactura) => (p.Pais?.trim() || 'ES').toUpperCase();

/** A party: legal name and id (BT-27/30, BT-44/47), postal address with country, VAT id when `iva`. */
function parte(p: ParteFactura, iva: boolean): string {
  const vat = iva ? idIva(p) : null;
  const nif = p.Nif?.trim() || null;
  const otroId = nif && p.TipoNif && p.TipoNif !== 'nif' && p.TipoNif !== 'nifiva';
  return g(
    'cac:Party',
    otroId ? g('cac:PartyIdentification', h('cbc:ID', nif)) : '',
    g(
      'cac:PostalAddress',
      h('cbc:StreetName', p.Direccion),
      h('cbc:CityName', p.Poblacion),
      h('cbc:PostalZone', p.CodPostal),
      h('cbc:CountrySubentity', p.Provincia),
      g('cac:Country', h('cbc:IdentificationCode', paisDe(p))),
    ),
    vat ? g('cac:PartyTaxScheme', h('cbc:CompanyID', vat), g('cac:TaxScheme', h('cbc:ID', 'VAT'))) : '',
    g('cac:PartyLegalEntity', h('cbc:RegistrationName', p.Nombre), otroId ? '' : h('cbc:CompanyID', nif)),
  );
}

function categoriaXml(nombre: string, c: CategoriaIva, conMotivo: boolean): string {
  return g(
    nombre,
    h('cbc:ID', c.Codigo),
    h('cbc:Percent', c.Porcentaje),
    conMotivo ? h('cbc:TaxExemptionReasonCode', c.CodigoExencion) : '',
    conMotivo ? h('cbc:TaxExemptionReason', c.MotivoExencion) : '',
    g('cac:TaxScheme', h('cbc:ID', 'VAT')),
  );
}

function subtotal(t: SubtotalIva, abono: boolean): string {
  const m = (v: string) => importe(abono ? neg(dec(v)) : dec(v));
  return g(
    'cac:TaxSubtotal',
    h('cbc:TaxableAmount', m(t.Base), { currencyID: MONEDA }),
    h('cbc:TaxAmount', m(t.Cuota), { currencyID: MONEDA }),
    categoriaXml('cac:TaxCategory', t.Categoria, true),
  );
}

/** A line whose VAT type is missing from the breakdown: standard at 0 %, which validation then refuses. */
const CATEGORIA_SUELTA: CategoriaIva = { Codigo: 'S', Porcentaje: '0', CodigoExencion: null, MotivoExencion: null };

/**
 * One line: quantity, net amount, item name and category, and the net unit price (BT-146, never negative: a
 * negative price turns the quantity's sign instead); a discount shows as the price's allowance over the gross
 * price (BT-147, BT-148).
 */
function linea(l: LineaFactura, i: number, abono: boolean, c: CategoriaIva): string {
  let cantidad = dec(l.Cantidad);
  let precio = dec(l.Precio);
  if (precio.units < 0n) {
    cantidad = neg(cantidad);
    precio = neg(precio);
  }
  let neto = dec(l.Importe);
  if (abono) {
    cantidad = neg(cantidad);
    neto = neg(neto);
  }
  const descuento = dec(l.Descuento || '0');
  const conDescuento = descuento.units > 0n;
  const precioNeto = conDescuento ? shift(mul(precio, sub(dec(100), descuento)), 2) : precio;
  const nombre = abono ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  return g(
    nombre,
    h('cbc:ID', String(i + 1)),
    h(abono ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', decimal(cantidad), { unitCode: UNIDAD }),
    h('cbc:LineExtensionAmount', importe(neto), { currencyID: MONEDA }),
    g('cac:Item', h('cbc:Name', l.Descripcion.trim() || '-'), categoriaXml('cac:ClassifiedTaxCategory', c, false)),
    g(
      'cac:Price',
      h('cbc:PriceAmount', decimal(precioNeto), { currencyID: MONEDA }),
      conDescuento
        ? g(
            'cac:AllowanceCharge',
            h('cbc:ChargeIndicator', 'false'),
            h('cbc:Amount', decimal(sub(precio, precioNeto)), { currencyID: MONEDA }),
            h('cbc:BaseAmount', decimal(precio), { currencyID: MONEDA }),
          )
        : '',
    ),
  );
}
