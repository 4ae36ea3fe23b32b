import { add, type Dec, dec, isZero, mul, round, shift, sub, sum, toFixed } from '../../money/decimal.ts';
import { PROVINCIAS } from '../../reference/provincias.ts';
import type { DesgloseIva } from '../../sales/totals.ts';
import { VAT_COUNTRIES } from '../../validation/vatId.ts';
import { type CategoriaIva, categoriaDe } from '../categorias.ts';
import type { FacturaElectronica, LineaFactura, ParteFactura } from '../modelo.ts';
import { grupoXml as g } from '../xml.ts';
import { paisFacturae } from './paises.ts';

/**
 * An issued invoice as Facturae 3.2.2 (the Spanish public sector's format, what FACe takes), unsigned: one invoice
 * per file (Modality I), issued by the seller (EM).
 * - Parties: TaxIdentification (F for a natural person's DNI/NIE, J otherwise; R resident, U EU, E elsewhere),
 *   legal entity or individual with its address (Spain or overseas); the public customer's DIR3 units as
 *   AdministrativeCentres with FACe's roles 01 oficina contable, 02 órgano gestor, 03 unidad tramitadora.
 * - Header: the number's series and digits apart, FC (FA for a simplified invoice), class OO, or OR with the
 *   Corrective block (the art. 80 LIVA cause as Facturae's reason code, íntegra or por diferencias).
 * - Taxes: IVA 01 / IPSI 02 / IGIC 03 per rate, recargo de equivalencia as EquivalenceSurcharge of its IVA row,
 *   IRPF 04 as TaxesWithheld; exempt and not-subject lines carry SpecialTaxableEvent 01 / 02 with the reason, and
 *   every reason goes to LegalLiterals too.
 * - Totals as stored (InvoiceTotal = base + taxes − withholding), due dates as installments (the company's IBAN on
 *   a transfer).
 *
 * The XML is written canonically (C14N 1.0: no empty-element tags, text escaping of & < > and CR, no attributes but
 * the root's namespace), so an enveloped signature digests exactly these bytes (`registrosFiscales/xades.ts`).
 */
export const NS_FACTURAE = 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml';

/** A public body's DIR3 units, as its customer record holds them. */
export interface UnidadesDir3 {
  OficinaContable: string;
  OrganoGestor: string;
  UnidadTramitadora: string;
}

export interface OpcionesFacturae {
  /** The customer's DIR3 units (FACe needs all three). */
  Dir3?: UnidadesDir3 | null;
  /** The account a transfer is paid into (the company's). */
  Iban?: string | null;
  /** The payment method's medium (`MEDIOS_PAGO`: transferencia, domiciliacion…); else read from its description. */
  Medio?: string | null;
}

export const MSG_FACTURAE = {
  incompleta: (faltan: readonly string[]) => `Faltan datos para la factura Facturae: ${faltan.join(', ')}`,
} as const;

/** The invoice lacks what Facturae requires (its message, in Spanish, lists what). */
export class FacturaeIncompleta extends Error {
  constructor(readonly faltan: readonly string[]) {
    super(MSG_FACTURAE.incompleta(faltan));
  }
}

/** The file's parts: the root's opening and closing tags around its content (what the enveloped signature goes into). */
export interface PartesFacturae {
  abre: string;
  cuerpo: string;
  cierra: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids
const NO_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Canonical text (C14N: &, <, > and CR escaped; quotes stay). */
const textoC14n = (v: string) =>
  v.replace(NO_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');

/** `<n>texto</n>`, or '' when absent or blank; cut to `max` characters where the schema limits the length. */
function h(nombre: string, texto: string | null | undefined, max?: number): string {
  const t = texto?.trim();
  if (!t) return '';
  return `<${nombre}>${textoC14n(max ? t.slice(0, max) : t)}</${nombre}>`;
}

const importe = (v: Dec | string) => toFixed(typeof v === 'string' ? dec(v) : v, 2);
const total = (nombre: string, v: Dec | string) => g(nombre, h('TotalAmount', importe(v)));
/** Up to 8 decimals without trailing zeros ('2.000' → '2', '105.43050' → '105.4305'). */
const decimal = (v: Dec) => {
  const t = toFixed(round(v, Math.min(v.scale, 8)));
  return t.includes('.') ? t.replace(/\.?0+$/, '') : t;
};
const sumar = (vs: readonly string[]): Dec => sum(vs.map((v) => dec(v)));

/** "F2026-0007" → series "F2026-", number "0007" (Facturae keeps them apart; 20 characters each at most). */
export function serieYNumeroFacturae(numSerie: string): { serie: string | null; numero: string } {
  const m = /^(.*?)(\d+)$/.exec(numSerie.trim());
  if (!m) return { serie: null, numero: numSerie.trim().slice(-20) };
  return { serie: m[1]?.slice(-20) || null, numero: (m[2] ?? '').slice(-20) };
}

const CODIGO_IMPUESTO: Record<string, string> = { IVA: '01', IPSI: '02', IGIC: '03' };
const codigoImpuesto = (impuesto: string) => CODIGO_IMPUESTO[impuesto] ?? '01';

/** One Tax (output or withheld): type, rate, base and amount, and the surcharge of an IVA row. */
function impuesto(
  codigo: string,
  tipo: string,
  base: Dec,
  cuota: Dec,
  recargo?: { tipo: string; cuota: Dec } | null,
): string {
  return g(
    'Tax',
    h('TaxTypeCode', codigo),
    h('TaxRate', importe(tipo)),
    total('TaxableBase', base),
    total('TaxAmount', cuota),
    recargo ? h('EquivalenceSurcharge', importe(recargo.tipo)) : '',
    recargo ? total('EquivalenceSurchargeAmount', recargo.cuota) : '',
  );
}

const conRecargo = (d: DesgloseIva) => !isZero(dec(d.CuotaRecargo)) || !isZero(dec(d.PorcentajeRecargo));

/** The invoice's TaxesOutputs: the stored breakdown grouped by tax, rate and surcharge (two exempt causes at 0 % join). */
function impuestosRepercutidos(desglose: readonly DesgloseIva[]): string[] {
  const grupos = new Map<string, { d: DesgloseIva; base: Dec; cuota: Dec; recargo: Dec }>();
  for (const d of desglose) {
    const clave = `${d.Impuesto}|${importe(d.PorcentajeIva)}|${conRecargo(d) ? importe(d.PorcentajeRecargo) : ''}`;
    const a = grupos.get(clave);
    if (!a) grupos.set(clave, { d, base: dec(d.Base), cuota: dec(d.Cuota), recargo: dec(d.CuotaRecargo) });
    else {
      a.base = add(a.base, dec(d.Base));
      a.cuota = add(a.cuota, dec(d.Cuota));
      a.recargo = add(a.recargo, dec(d.CuotaRecargo));
    }
  }
  return [...grupos.values()].map(({ d, base, cuota, recargo }) =>
    impuesto(
      codigoImpuesto(d.Impuesto),
      d.PorcentajeIva,
      base,
      cuota,
      conRecargo(d) ? { tipo: d.PorcentajeRecargo, cuota: recargo } : null,
    ),
  );
}

const porcentajeDe = (base: Dec, tipo: string) => round(shift(mul(base, dec(tipo)), 2), 2);

/** The special taxable event of a line's category: 01 exempt (E, G export, K intra-EU), 02 not subject (O). */
function hechoEspecial(c: CategoriaIva): string {
  const codigo = c.Codigo === 'O' ? '02' : ['E', 'G', 'K'].includes(c.Codigo) ? '01' : null;
  if (!codigo) return '';
  return g(
    'SpecialTaxableEvent',
    h('SpecialTaxableEventCode', codigo),
    h('SpecialTaxableEventReason', c.MotivoExencion || (codigo === '01' ? 'Operación exenta' : 'Operación no sujeta')),
  );
}

/**
 * One line: quantity × unit price = TotalCost; the line discount (stored %) as the difference to the stored net
 * amount, which is GrossAmount and the base of its taxes (amounts per line rounded to cents, informative: the
 * invoice's taxes are the stored breakdown).
 */
function linea(l: LineaFactura, d: DesgloseIva | undefined, c: CategoriaIva, porcRetencion: string): string {
  const coste = mul(dec(l.Cantidad), dec(l.Precio));
  const neto = dec(l.Importe);
  const pct = dec(l.Descuento || '0');
  const descuento = sub(coste, neto);
  const tipo = d?.PorcentajeIva ?? '0';
  return g(
    'InvoiceLine',
    h('ItemDescription', l.Descripcion || '-', 2500),
    h('Quantity', decimal(dec(l.Cantidad))),
    h('UnitOfMeasure', '01'),
    h('UnitPriceWithoutTax', decimal(dec(l.Precio))),
    h('TotalCost', decimal(coste)),
    !isZero(pct)
      ? g(
          'DiscountsAndRebates',
          g(
            'Discount',
            h('DiscountReason', 'Descuento'),
            h('DiscountRate', decimal(pct)),
            h('DiscountAmount', decimal(descuento)),
          ),
        )
      : '',
    h('GrossAmount', importe(neto)),
    isZero(dec(porcRetencion))
      ? ''
      : g('TaxesWithheld', impuesto('04', porcRetencion, neto, porcentajeDe(neto, porcRetencion))),
    g(
      'TaxesOutputs',
      impuesto(
        codigoImpuesto(d?.Impuesto ?? 'IVA'),
        tipo,
        neto,
        porcentajeDe(neto, tipo),
        d && conRecargo(d) ? { tipo: d.PorcentajeRecargo, cuota: porcentajeDe(neto, d.PorcentajeRecargo) } : null,
      ),
    ),
    hechoEspecial(c),
  );
}

const UE = new Set([...VAT_COUNTRIES, 'GR']);

/** The province's name: as given, or from the postal code's first two digits (its INE code). */
function provinciaDe(p: ParteFactura): string | null {
  if (p.Provincia?.trim()) return p.Provincia;
  return PROVINCIAS.find((x) => x.value === p.CodPostal?.trim().slice(0, 2))?.label ?? null;
}

/** The address (AddressInSpain / OverseasAddress); what is missing is added to `faltan`. */
function direccion(p: ParteFactura, pais: string, quien: string, faltan: string[]): string {
  const codigoPais = paisFacturae(pais);
  if (!codigoPais) faltan.push(`un país que Facturae admita para el ${quien} (${pais})`);
  if (!p.Direccion?.trim()) faltan.push(`dirección del ${quien}`);
  if (!p.Poblacion?.trim()) faltan.push(`población del ${quien}`);
  if (pais !== 'ES') {
    return g(
      'OverseasAddress',
      h('Address', p.Direccion, 80),
      h('PostCodeAndTown', [p.CodPostal?.trim(), p.Poblacion?.trim()].filter(Boolean).join(' '), 50),
      h('Province', provinciaDe(p) || p.Poblacion, 20),
      h('CountryCode', codigoPais),
    );
  }
  const cp = p.CodPostal?.trim() ?? '';
  if (!/^\d{5}$/.test(cp)) faltan.push(`código postal del ${quien} (5 cifras)`);
  const provincia = provinciaDe(p);
  if (!provincia) faltan.push(`provincia del ${quien}`);
  return g(
    'AddressInSpain',
    h('Address', p.Direccion, 80),
    h('PostCode', cp),
    h('Town', p.Poblacion, 50),
    h('Province', provincia, 20),
    h('CountryCode', codigoPais),
  );
}

/** A natural person's name and surnames from one text: the last two words are the surnames. */
function individuo(nombre: string, dir: string): string {
  const w = nombre.split(/\s+/).filter(Boolean);
  const [n, a1, a2] = w.length >= 3 ? [w.slice(0, -2).join(' '), w.at(-2), w.at(-1)] : [w[0], w[1] ?? '-', null];
  return g('Individual', h('Name', n, 40), h('FirstSurname', a1, 40), h('SecondSurname', a2, 40), dir);
}

const CENTROS: readonly [keyof UnidadesDir3, string, string][] = [
  ['OficinaContable', '01', 'Oficina contable'],
  ['OrganoGestor', '02', 'Órgano gestor'],
  ['UnidadTramitadora', '03', 'Unidad tramitadora'],
];

function parte(p: ParteFactura, quien: string, faltan: string[], dir3?: UnidadesDir3 | null): string {
  const pais = (p.Pais?.trim() || 'ES').toUpperCase();
  const residencia = pais === 'ES' ? 'R' : UE.has(pais) ? 'U' : 'E';
  const nif = (p.Nif ?? '').replace(/[\s.-]/g, '').toUpperCase();
  const numero =
    residencia === 'R'
      ? nif.replace(/^ES(?=[0-9A-Z]{9}$)/, '')
      : residencia === 'U' && !/^[A-Z]{2}/.test(nif)
        ? `${pais === 'GR' ? 'EL' : pais}${nif}`
        : nif;
  if (numero.length < 3) faltan.push(`NIF del ${quien}`);
  if (!p.Nombre.trim()) faltan.push(`nombre del ${quien}`);
  const fisica = residencia === 'R' && /^[0-9KLMXYZ]/.test(numero);
  const dir = direccion(p, pais, quien, faltan);
  return g(
    'TaxIdentification',
    h('PersonTypeCode', fisica ? 'F' : 'J'),
    h('ResidenceTypeCode', residencia),
    h('TaxIdentificationNumber', numero, 30),
  ).concat(
    dir3
      ? g(
          'AdministrativeCentres',
          ...CENTROS.map(([clave, rol, nombre]) =>
            g(
              'AdministrativeCentre',
              h('CentreCode', dir3[clave], 10),
              h('RoleTypeCode', rol),
              dir,
              h('CentreDescription', nombre),
            ),
          ),
        )
      : '',
    fisica ? individuo(p.Nombre.trim(), dir) : g('LegalEntity', h('CorporateName', p.Nombre, 80), dir),
  );
}

/** Faro's R1–R5 (art. 80 LIVA and the rest) as Facturae's reason code and its fixed description. */
const MOTIVOS: Record<string, [string, string]> = {
  R1: ['84', 'Base imponible modificada por resolución firme, judicial o administrativa'],
  R2: ['85', 'Base imponible modificada cuotas repercutidas no satisfechas. Auto de declaración de concurso'],
  R3: ['85', 'Base imponible modificada cuotas repercutidas no satisfechas. Auto de declaración de concurso'],
};
const MOTIVO_GENERAL: [string, string] = ['10', 'Detalle Operación'];

const finDeMes = (fecha: string) => {
  const [a, m] = fecha.split('-').map(Number) as [number, number];
  return `${fecha.slice(0, 8)}${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The Corrective block: the corrected invoice, the cause, the period (its month) and the method. */
function rectificacion(f: FacturaElectronica): string {
  const r = f.Rectificada;
  const [codigo, motivo] = MOTIVOS[r?.Motivo ?? ''] ?? MOTIVO_GENERAL;
  const integra = r?.Modo === 'S';
  const fecha = r?.Fecha ?? f.Fecha;
  const n = r ? serieYNumeroFacturae(r.Numero) : null;
  return g(
    'Corrective',
    h('InvoiceNumber', n?.numero),
    h('InvoiceSeriesCode', n?.serie),
    h('ReasonCode', codigo),
    h('ReasonDescription', motivo),
    g('TaxPeriod', h('StartDate', `${fecha.slice(0, 8)}01`), h('EndDate', finDeMes(fecha))),
    h('CorrectionMethod', integra ? '01' : '02'),
    h('CorrectionMethodDescription', integra ? 'Rectificación íntegra' : 'Rectificación por diferencias'),
    h('AdditionalReasonDescription', r ? `Rectifica la factura ${r.Numero} del ${r.Fecha}` : null, 2500),
    h('InvoiceIssueDate', r?.Fecha),
  );
}

/** Facturae's payment means of Faro's media (Bizum and confirming have none of their own: 13 special). */
const MEDIOS: Record<string, string> = {
  efectivo: '01',
  domiciliacion: '02',
  transferencia: '04',
  cheque: '11',
  pagare: '09',
  tarjeta: '19',
  bizum: '13',
  confirming: '13',
};

/** The payment means of the medium, or of the payment method's text (transfer unless it says otherwise). */
function medioDePago(medio: string | null | undefined, forma: string | null): string {
  const m = medio ? MEDIOS[medio] : undefined;
  if (m) return m;
  const t = (forma ?? '').toLowerCase();
  if (/recibo|domicilia|adeudo|remesa/.test(t)) return '02';
  if (/contado|efectivo|metálico/.test(t)) return '01';
  if (/tarjeta/.test(t)) return '19';
  if (/cheque|talón/.test(t)) return '11';
  if (/pagaré/.test(t)) return '09';
  return '04';
}

/** The invoice's Facturae 3.2.2 parts (root, content), unsigned. Throws `FacturaeIncompleta` naming what is missing. */
export function facturaeSinFirma(f: FacturaElectronica, op: OpcionesFacturae = {}): PartesFacturae {
  const faltan: string[] = [];
  const emisor = parte(f.Emisor, 'emisor', faltan);
  const receptor = parte(f.Receptor, 'cliente', faltan, op.Dir3);
  if (!f.Lineas.length) faltan.push('alguna línea');
  if (faltan.length) throw new FacturaeIncompleta(faltan);

  const { serie, numero } = serieYNumeroFacturae(f.Numero);
  const nifEmisor = (f.Emisor.Nif ?? '').replace(/[\s.-]/g, '').toUpperCase();
  const filaPorTipo = new Map(f.Desglose.map((d) => [d.TipoIva, d]));
  const categoriaPorTipo = new Map(f.Desglose.map((d) => [d.TipoIva, categoriaDe(d, f.RegimenIva)]));
  const SUELTA: CategoriaIva = { Codigo: 'S', Porcentaje: '0', CodigoExencion: null, MotivoExencion: null };
  const categorias = f.Lineas.map((l) => categoriaPorTipo.get(l.TipoIva) ?? SUELTA);
  const literales = [...new Set(categorias.map((c) => c.MotivoExencion).filter((m): m is string => !!m))];
  const medio = medioDePago(op.Medio, f.FormaPago);
  const vencimientos = f.Vencimientos.filter((v) => dec(v.Importe).units > 0n);
  const totalImpuestos = sumar([f.TotalIva, f.TotalRecargo]);

  const cabecera = g(
    'FileHeader',
    h('SchemaVersion', '3.2.2'),
    h('Modality', 'I'),
    h('InvoiceIssuerType', 'EM'),
    g(
      'Batch',
      h('BatchIdentifier', `${nifEmisor}${numero}${serie ?? ''}`, 70),
      h('InvoicesCount', '1'),
      total('TotalInvoicesAmount', f.Total),
      total('TotalOutstandingAmount', f.Total),
      total('TotalExecutableAmount', f.Total),
      h('InvoiceCurrencyCode', 'EUR'),
    ),
  );
  const factura = g(
    'Invoice',
    g(
      'InvoiceHeader',
      h('InvoiceNumber', numero),
      h('InvoiceSeriesCode', serie),
      h('InvoiceDocumentType', f.Tipo === 'simplificada' ? 'FA' : 'FC'),
      h('InvoiceClass', f.Tipo === 'rectificativa' ? 'OR' : 'OO'),
      f.Tipo === 'rectificativa' ? rectificacion(f) : '',
    ),
    g(
      'InvoiceIssueData',
      h('IssueDate', f.Fecha),
      h('InvoiceCurrencyCode', 'EUR'),
      h('TaxCurrencyCode', 'EUR'),
      h('LanguageName', 'es'),
    ),
    g('TaxesOutputs', ...impuestosRepercutidos(f.Desglose)),
    isZero(dec(f.TotalRetencion))
      ? ''
      : g('TaxesWithheld', impuesto('04', f.PorcRetencion, dec(f.BaseImponible), dec(f.TotalRetencion))),
    g(
      'InvoiceTotals',
      h('TotalGrossAmount', importe(sumar(f.Lineas.map((l) => l.Importe)))),
      h('TotalGrossAmountBeforeTaxes', importe(f.BaseImponible)),
      h('TotalTaxOutputs', importe(totalImpuestos)),
      h('TotalTaxesWithheld', importe(f.TotalRetencion)),
      h('InvoiceTotal', importe(f.Total)),
      h('TotalOutstandingAmount', importe(f.Total)),
      h('TotalExecutableAmount', importe(f.Total)),
    ),
    g(
      'Items',
      ...f.Lineas.map((l, i) => linea(l, filaPorTipo.get(l.TipoIva), categorias[i] ?? SUELTA, f.PorcRetencion)),
    ),
    vencimientos.length
      ? g(
          'PaymentDetails',
          ...vencimientos.map((v) =>
            g(
              'Installment',
              h('InstallmentDueDate', v.Fecha),
              h('InstallmentAmount', importe(v.Importe)),
              h('PaymentMeans', medio),
              medio === '04' && op.Iban ? g('AccountToBeCredited', h('IBAN', op.Iban.replace(/\s/g, ''), 34)) : '',
            ),
          ),
        )
      : '',
    literales.length ? g('LegalLiterals', ...literales.map((t) => h('LegalReference', t, 250))) : '',
    g('AdditionalData', h('InvoiceAdditionalInformation', f.Observaciones, 2500)),
  );
  return {
    abre: `<fe:Facturae xmlns:fe="${NS_FACTURAE}">`,
    cuerpo: cabecera + g('Parties', g('SellerParty', emisor), g('BuyerParty', receptor)) + g('Invoices', factura),
    cierra: '</fe:Facturae>',
  };
}

/** The unsigned Facturae 3.2.2 file of an invoice (what a signature then goes into). */
export function facturaFacturae(f: FacturaElectronica, op: OpcionesFacturae = {}): string {
  const p = facturaeSinFirma(f, op);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${p.abre}${p.cuerpo}${p.cierra}\n`;
}
