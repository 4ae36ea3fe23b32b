import { add, compare, type Dec, dec, isZero, mul, neg, round, sub, sum, toFixed } from '../../money/decimal.ts';
import { calcularTotales, type TipoIva } from '../../sales/totals.ts';
import { ErrorXml, leerXml, type NodoXml, nodo, nodos, textoEn } from './xml.ts';

/**
 * A received structured e-invoice read back into what a draft received invoice needs: the supplier (name, NIF
 * and address), the lines (description, quantity, price, VAT category and rate), the VAT breakdown, the IRPF
 * withholding, the due dates and the XML's own totals. UBL 2.1 / 2.5 Invoice and CreditNote are read; a CII or
 * Facturae file is recognised and refused with its name (`ErrorFormato`).
 *
 * Lines are kept so that Faro's totals calculation gives the XML's line amount: a line whose quantity × price is
 * not its amount (line allowances, a price base quantity) becomes one unit at its amount, its quantity and price
 * told in the description; document-level allowances and charges become lines of their own. A credit note's
 * amounts are read with their sign turned (it refunds), as Faro stores a corrective received invoice.
 */
export interface ProveedorLeido {
  Nombre: string;
  /** The VAT id without the ES prefix for a Spanish one; the registration id or endpoint id otherwise. */
  Nif: string | null;
  Direccion: string | null;
  CodPostal: string | null;
  Poblacion: string | null;
  Provincia: string | null;
  /** ISO 3166-1 alpha-2. */
  Pais: string;
}

export interface LineaLeida {
  Descripcion: string;
  Cantidad: string;
  Precio: string;
  /** The line's net amount as the XML states it. */
  Importe: string;
  /** UNTDID 5305 (S, Z, E, AE, K, G, O, L, M). */
  Categoria: string;
  /** The VAT rate ('21', '0'). */
  Porcentaje: string;
  /** A document-level allowance or charge (not part of the XML's sum of lines). */
  DeDocumento?: boolean;
}

export interface ImpuestoLeido {
  Categoria: string;
  Porcentaje: string;
  Base: string;
  Cuota: string;
  CodigoExencion: string | null;
}

export interface TotalesXml {
  LineExtensionAmount: string | null;
  TaxExclusiveAmount: string | null;
  TaxInclusiveAmount: string | null;
  PrepaidAmount: string | null;
  PayableAmount: string | null;
}

export interface FacturaLeida {
  Formato: 'UBL';
  Clase: 'factura' | 'abono';
  Numero: string;
  Fecha: string;
  Moneda: string;
  Proveedor: ProveedorLeido;
  Lineas: LineaLeida[];
  Impuestos: ImpuestoLeido[];
  PorcRetencion: string;
  Retencion: string;
  Vencimientos: { Fecha: string; Importe: string }[];
  Totales: TotalesXml;
  /** The invoice a corrective one corrects (BillingReference). */
  Rectificada: { Numero: string; Fecha: string | null } | null;
  Notas: string[];
}

export class ErrorFormato extends Error {}

const MSG_LECTURA = {
  noXml: 'El fichero no es una factura electrónica en XML',
  cii: 'Las facturas en formato CII (UN/CEFACT Cross Industry Invoice) aún no se pueden importar: pide al proveedor la factura en UBL',
  facturae: 'Las facturas en formato Facturae aún no se pueden importar: pide al proveedor la factura en UBL',
  desconocido: (raiz: string) => `El XML no es una factura UBL (su elemento raíz es ${raiz})`,
  falta: (campo: string) => `La factura electrónica no indica ${campo}`,
  importe: (campo: string, v: string) => `La factura electrónica tiene un importe no válido en ${campo}: ${v}`,
} as const;

const importe = (campo: string, v: string | null | undefined, defecto = '0'): string => {
  const t = (v ?? defecto).trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) throw new ErrorFormato(MSG_LECTURA.importe(campo, t));
  return t;
};
const dos = (v: Dec) => toFixed(round(v, 2), 2);
const sinCeros = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t) || '0';

/** Reads an e-invoice file (bytes or text). Throws `ErrorFormato` (Spanish) when it is not a UBL invoice. */
export function leerFacturaElectronica(entrada: string | Uint8Array): FacturaLeida {
  const texto = typeof entrada === 'string' ? entrada : new TextDecoder('utf-8', { fatal: false }).decode(entrada);
  if (!texto.trimStart().startsWith('<')) throw new ErrorFormato(MSG_LECTURA.noXml);
  let raiz: NodoXml;
  try {
    raiz = leerXml(texto);
  } catch (e) {
    throw new ErrorFormato(e instanceof ErrorXml ? e.message : MSG_LECTURA.noXml);
  }
  if (raiz.nombre === 'CrossIndustryInvoice') throw new ErrorFormato(MSG_LECTURA.cii);
  if (raiz.nombre === 'Facturae') throw new ErrorFormato(MSG_LECTURA.facturae);
  if (raiz.nombre !== 'Invoice' && raiz.nombre !== 'CreditNote')
    throw new ErrorFormato(MSG_LECTURA.desconocido(raiz.nombre));
  return leerUbl(raiz);
}

function leerUbl(raiz: NodoXml): FacturaLeida {
  const abono = raiz.nombre === 'CreditNote';
  // A credit note refunds: its positive amounts are negative ones in Faro.
  const s = (v: string) => (abono ? toFixed(neg(dec(v))) : v);
  const Numero = textoEn(raiz, 'ID');
  const Fecha = textoEn(raiz, 'IssueDate');
  if (!Numero) throw new ErrorFormato(MSG_LECTURA.falta('su número'));
  if (!Fecha || !/^\d{4}-\d{2}-\d{2}$/.test(Fecha)) throw new ErrorFormato(MSG_LECTURA.falta('su fecha'));
  const Notas = nodos(raiz, 'Note').map((n) => n.texto);

  const lineas = nodos(raiz, abono ? 'CreditNoteLine' : 'InvoiceLine').map((l, i) => lineaUbl(l, i, abono, s));
  // Document-level allowances (BG-20) and charges (BG-21) as lines of their own.
  for (const a of nodos(raiz, 'AllowanceCharge')) {
    const cargo = textoEn(a, 'ChargeIndicator') === 'true';
    const cantidad = importe('AllowanceCharge/Amount', textoEn(a, 'Amount'));
    const Importe = s(cargo ? cantidad : toFixed(neg(dec(cantidad))));
    lineas.push({
      Descripcion: textoEn(a, 'AllowanceChargeReason') ?? (cargo ? 'Cargo' : 'Descuento'),
      Cantidad: '1',
      Precio: Importe,
      Importe,
      Categoria: textoEn(a, 'TaxCategory/ID') ?? 'S',
      Porcentaje: sinCeros(textoEn(a, 'TaxCategory/Percent') ?? '0'),
      DeDocumento: true,
    });
  }

  const Impuestos = nodos(raiz, 'TaxTotal')
    .flatMap((t) => nodos(t, 'TaxSubtotal'))
    .map((t) => ({
      Categoria: textoEn(t, 'TaxCategory/ID') ?? 'S',
      Porcentaje: sinCeros(textoEn(t, 'TaxCategory/Percent') ?? '0'),
      Base: s(importe('TaxSubtotal/TaxableAmount', textoEn(t, 'TaxableAmount'))),
      Cuota: s(importe('TaxSubtotal/TaxAmount', textoEn(t, 'TaxAmount'))),
      CodigoExencion: textoEn(t, 'TaxCategory/TaxExemptionReasonCode'),
    }));

  const { PorcRetencion, Retencion } = retencionDe(raiz, Notas, s);
  const total = (nombre: string) => {
    const v = textoEn(raiz, `LegalMonetaryTotal/${nombre}`);
    return v === null ? null : s(importe(nombre, v));
  };
  const Totales: TotalesXml = {
    LineExtensionAmount: total('LineExtensionAmount'),
    TaxExclusiveAmount: total('TaxExclusiveAmount'),
    TaxInclusiveAmount: total('TaxInclusiveAmount'),
    PrepaidAmount: total('PrepaidAmount'),
    PayableAmount: total('PayableAmount'),
  };
  const referencia = nodo(raiz, 'BillingReference/InvoiceDocumentReference');
  return {
    Formato: 'UBL',
    Clase: abono ? 'abono' : 'factura',
    Numero,
    Fecha,
    Moneda: textoEn(raiz, 'DocumentCurrencyCode') ?? 'EUR',
    Proveedor: proveedorUbl(nodo(raiz, 'AccountingSupplierParty/Party')),
    Lineas: lineas,
    Impuestos,
    PorcRetencion,
    Retencion,
    Vencimientos: vencimientosUbl(raiz, Notas, Totales.PayableAmount, abono),
    Totales,
    Rectificada: referencia
      ? { Numero: textoEn(referencia, 'ID') ?? '', Fecha: textoEn(referencia, 'IssueDate') }
      : null,
    Notas,
  };
}

function lineaUbl(l: NodoXml, i: number, abono: boolean, s: (v: string) => string): LineaLeida {
  const campo = (c: string) => `línea ${i + 1}, ${c}`;
  const cantidadXml = importe(campo('cantidad'), textoEn(l, abono ? 'CreditedQuantity' : 'InvoicedQuantity'), '1');
  const Importe = s(importe(campo('importe'), textoEn(l, 'LineExtensionAmount')));
  const base = dec(importe(campo('cantidad base del precio'), textoEn(l, 'Price/BaseQuantity'), '1'));
  const precioXml = importe(campo('precio'), textoEn(l, 'Price/PriceAmount'), '0');
  const Cantidad = s(cantidadXml);
  // The unit price (BT-146 over its base quantity BT-149), with as many decimals as it needs.
  const precio = isZero(base) ? dec(precioXml) : divide(dec(precioXml), base);
  const nombre =
    [textoEn(l, 'Item/Name'), textoEn(l, 'Item/Description')].filter(Boolean).join(' — ').replace(/\s+/g, ' ') || '-';
  const exacto = compare(round(mul(dec(Cantidad), precio), 2), dec(Importe)) === 0;
  return {
    Descripcion: exacto ? nombre : `${nombre} (${sinCeros(cantidadXml)} × ${sinCeros(toFixed(precio))})`,
    Cantidad: exacto ? sinCeros(Cantidad) : '1',
    Precio: exacto ? sinCeros(toFixed(precio)) : Importe,
    Importe,
    Categoria: textoEn(l, 'Item/ClassifiedTaxCategory/ID') ?? 'S',
    Porcentaje: sinCeros(textoEn(l, 'Item/ClassifiedTaxCategory/Percent') ?? '0'),
  };
}

/** a ÷ b to 6 decimals (prices), exact for the base quantities e-invoices use. */
function divide(a: Dec, b: Dec): Dec {
  const escala = 6;
  const unidades = (a.units * 10n ** BigInt(escala + b.scale)) / (b.units * 10n ** BigInt(a.scale));
  return { units: unidades, scale: escala };
}

function proveedorUbl(p: NodoXml | undefined): ProveedorLeido {
  const Pais = (textoEn(p, 'PostalAddress/Country/IdentificationCode') ?? 'ES').toUpperCase();
  const iva = nodos(p, 'PartyTaxScheme').find((t) => (textoEn(t, 'TaxScheme/ID') ?? 'VAT') === 'VAT');
  const vat =
    textoEn(iva, 'CompanyID')
      ?.replace(/[\s.-]/g, '')
      .toUpperCase() ?? null;
  const nif =
    (vat?.startsWith('ES') ? vat.slice(2) : vat) ??
    textoEn(p, 'PartyLegalEntity/CompanyID') ??
    textoEn(p, 'EndpointID') ??
    textoEn(p, 'PartyIdentification/ID');
  const Nombre = textoEn(p, 'PartyLegalEntity/RegistrationName') ?? textoEn(p, 'PartyName/Name');
  if (!Nombre) throw new ErrorFormato(MSG_LECTURA.falta('el nombre del proveedor'));
  return {
    Nombre,
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
    const Retencion = s(importe('WithholdingTaxTotal/TaxAmount', textoEn(w, 'TaxAmount')));
    return { PorcRetencion: sinCeros(textoEn(w, 'TaxSubtotal/TaxCategory/Percent') ?? '0'), Retencion };
  }
  for (const n of notas) {
    const m = /Retención IRPF ([\d.]+) %: (-?[\d.]+) EUR/.exec(n);
    if (m) return { PorcRetencion: sinCeros(m[1]!), Retencion: s(m[2]!) };
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
  const fecha = textoEn(raiz, 'DueDate') ?? textoEn(raiz, 'PaymentMeans/PaymentDueDate');
  return fecha && pagar ? [{ Fecha: fecha, Importe: pagar }] : [];
}

/** One difference between a total the XML states and the one Faro computes from its lines. */
export interface DiferenciaTotal {
  Campo: keyof TotalesXml | 'TaxAmount';
  EnXml: string;
  Calculado: string;
  Diferencia: string;
  Mensaje: string;
}

const NOMBRES: Record<DiferenciaTotal['Campo'], string> = {
  LineExtensionAmount: 'La suma de las líneas',
  TaxExclusiveAmount: 'La base imponible',
  TaxAmount: 'La cuota de IVA',
  TaxInclusiveAmount: 'El total con impuestos',
  PrepaidAmount: 'El importe anticipado',
  PayableAmount: 'El importe a pagar',
};

/** The key of a line's VAT category and rate, used as its VAT type in the totals calculation. */
export const claveImpuesto = (categoria: string, porcentaje: string) => `${categoria}|${sinCeros(porcentaje)}`;

/**
 * The totals Faro's one calculation (`calcularTotales`) gives from the read lines, with the XML's categories and
 * rates as VAT types, and the XML's withholding amount (its rate may round differently).
 */
export function totalesCalculados(f: FacturaLeida) {
  const tipos = new Map<string, TipoIva>();
  for (const l of f.Lineas) {
    const Valor = claveImpuesto(l.Categoria, l.Porcentaje);
    tipos.set(Valor, { Valor, Impuesto: 'IVA', PorcentajeIva: l.Porcentaje });
  }
  const t = calcularTotales(
    {
      Lineas: f.Lineas.map((l) => ({ ...l, TipoIva: claveImpuesto(l.Categoria, l.Porcentaje) })),
      DecimalesPrecio: 6,
    },
    [...tipos.values()],
  );
  const lineas = sum(f.Lineas.map((l) => dec(l.Importe)));
  const conImpuestos = add(dec(t.BaseImponible), dec(t.TotalIva));
  const descontado = f.Totales.PrepaidAmount ?? f.Retencion;
  return {
    LineExtensionAmount: dos(sum(f.Lineas.filter((l) => !l.DeDocumento).map((l) => dec(l.Importe)))),
    TaxExclusiveAmount: dos(lineas),
    TaxAmount: t.TotalIva,
    TaxInclusiveAmount: dos(conImpuestos),
    PrepaidAmount: dos(dec(descontado)),
    PayableAmount: dos(sub(conImpuestos, dec(descontado))),
  };
}

/**
 * Every total the XML states that differs from Faro's computation, with its Spanish message: shown before the
 * draft is registered (the registering step then asks the paper's totals to be accepted).
 */
export function diferenciasTotales(f: FacturaLeida): DiferenciaTotal[] {
  const calc = totalesCalculados(f);
  const xml: Partial<Record<DiferenciaTotal['Campo'], string | null>> = {
    ...f.Totales,
    TaxAmount: dos(sum(f.Impuestos.map((i) => dec(i.Cuota)))),
  };
  const campos: DiferenciaTotal['Campo'][] = [
    'LineExtensionAmount',
    'TaxExclusiveAmount',
    'TaxAmount',
    'TaxInclusiveAmount',
    'PayableAmount',
  ];
  return campos.flatMap((Campo) => {
    const enXml = xml[Campo];
    if (enXml === null || enXml === undefined) return [];
    const d = sub(dec(enXml), dec(calc[Campo]));
    if (isZero(d)) return [];
    const EnXml = dos(dec(enXml));
    const Diferencia = dos(d);
    return [
      {
        Campo,
        EnXml,
        Calculado: calc[Campo],
        Diferencia,
        Mensaje: `${NOMBRES[Campo]} de la factura electrónica (${EnXml}) no coincide con la que calcula Faro de sus líneas (${calc[Campo]}): diferencia ${Diferencia}`,
      },
    ];
  });
}
