import { add, dec, isZero, sum, toFixed } from '../../money/decimal.ts';
import { paisFacturae } from '../facturae/paises.ts';
import * as modelo from './modelo.ts';
import { type NodoXml, nodo, nodos, textoEn } from './xml.ts';

/** Facturae's tax codes of the taxes a received invoice books (IVA, IPSI, IGIC) and their EN 16931 category. */
const CATEGORIA_IMPUESTO: Record<string, string> = { '01': 'S', '02': 'M', '03': 'L' };

/** Facturae's alpha-3 country codes back to ISO alpha-2, from the writer's one table. */
let alfa2: Map<string, string> | null = null;
function paisDe(alfa3: string | null): string {
  if (!alfa3) return 'ES';
  if (!alfa2) {
    alfa2 = new Map();
    const letras = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letras)
      for (const b of letras) {
        const c = paisFacturae(a + b);
        if (c && a + b !== 'EL' && !alfa2.has(c)) alfa2.set(c, a + b);
      }
  }
  return alfa2.get(alfa3.toUpperCase()) ?? alfa3.slice(0, 2).toUpperCase();
}

/** A Tax (output or withheld) of Facturae: type, rate, base, amount and the surcharge of an IVA row. */
interface ImpuestoFacturae {
  codigo: string;
  tipo: string;
  base: string;
  cuota: string;
  recargo: string | null;
  cuotaRecargo: string | null;
}

function impuestoFacturae(t: NodoXml, donde: string): ImpuestoFacturae {
  const campo = (c: string) => `${donde}/${c}`;
  const recargo = textoEn(t, 'EquivalenceSurcharge');
  return {
    codigo: textoEn(t, 'TaxTypeCode') ?? '01',
    tipo: modelo.importe(campo('TaxRate'), textoEn(t, 'TaxRate')),
    base: modelo.importe(campo('TaxableBase'), textoEn(t, 'TaxableBase/TotalAmount')),
    cuota: modelo.importe(campo('TaxAmount'), textoEn(t, 'TaxAmount/TotalAmount'), '0'),
    recargo: recargo ? modelo.importe(campo('EquivalenceSurcharge'), recargo) : null,
    cuotaRecargo: recargo
      ? modelo.importe(campo('EquivalenceSurchargeAmount'), textoEn(t, 'EquivalenceSurchargeAmount/TotalAmount'), '0')
      : null,
  };
}

/**
 * The category and rate of a tax row: IVA / IPSI / IGIC at a rate; a 0 % row exempt (E) or not subject (O) by the
 * line's special taxable event, else zero-rated (Z); recargo de equivalencia folded into the rate (VAT +
 * surcharge), as a Spanish supplier's surcharge is matched to the company's VAT type.
 */
function categoriaYTipo(i: ImpuestoFacturae, hecho: string | null): { categoria: string; porcentaje: string } {
  const porcentaje = modelo.sinCeros(i.recargo ? toFixed(add(dec(i.tipo), dec(i.recargo))) : i.tipo);
  const categoria = CATEGORIA_IMPUESTO[i.codigo] ?? 'S';
  if (categoria !== 'S' || !isZero(dec(i.tipo))) return { categoria, porcentaje };
  return { categoria: hecho === '02' ? 'O' : hecho === '01' ? 'E' : 'Z', porcentaje };
}

const numeroFacturae = (n: NodoXml | undefined) => {
  const numero = textoEn(n, 'InvoiceNumber');
  return numero ? `${textoEn(n, 'InvoiceSeriesCode') ?? ''}${numero}` : null;
};

/**
 * Facturae 3.2, 3.2.1 and 3.2.2 (the Spanish public sector's format, FACe's): one invoice per file is booked (a
 * batch of several is refused, naming how many). A corrective invoice carries its own (negative) amounts; IRPF
 * and other withholdings are TaxesWithheld; InvoiceTotal is base + taxes − withholding.
 */
export function leerFacturae(raiz: NodoXml): modelo.FacturaLeida {
  const facturas = nodos(raiz, 'Invoices/Invoice');
  if (facturas.length > 1) throw new modelo.ErrorFormato(modelo.MSG_LECTURA.varias(facturas.length));
  const f = facturas[0];
  if (!f) throw new modelo.ErrorFormato(modelo.MSG_LECTURA.falta('ninguna factura'));
  const cabecera = nodo(f, 'InvoiceHeader');
  const { Numero, Fecha } = modelo.numeroYFecha(numeroFacturae(cabecera), textoEn(f, 'InvoiceIssueData/IssueDate'));
  const igual = (v: string) => v;

  const lineas = nodos(f, 'Items/InvoiceLine').map((l, i) => lineaFacturae(l, i));
  const primera = lineas[0];
  const totales = nodo(f, 'InvoiceTotals');
  // General discounts and charges have no tax of their own in Facturae: they take the first line's.
  const generales = [
    ...nodos(totales, 'GeneralDiscounts/Discount').map((d) => ({
      cargo: false,
      importe: modelo.importe('GeneralDiscounts/DiscountAmount', textoEn(d, 'DiscountAmount')),
      motivo: textoEn(d, 'DiscountReason'),
    })),
    ...nodos(totales, 'GeneralSurcharges/Charge').map((c) => ({
      cargo: true,
      importe: modelo.importe('GeneralSurcharges/ChargeAmount', textoEn(c, 'ChargeAmount')),
      motivo: textoEn(c, 'ChargeReason'),
    })),
  ];
  for (const g of generales)
    lineas.push(
      modelo.lineaDeDocumento(
        { ...g, categoria: primera?.Categoria ?? 'S', porcentaje: primera?.Porcentaje ?? '0' },
        igual,
      ),
    );

  const Impuestos: modelo.ImpuestoLeido[] = nodos(f, 'TaxesOutputs/Tax').map((t) => {
    const i = impuestoFacturae(t, 'TaxesOutputs');
    const { categoria, porcentaje } = categoriaYTipo(i, null);
    return {
      Categoria: categoria,
      Porcentaje: porcentaje,
      Base: i.base,
      Cuota: i.cuotaRecargo ? toFixed(add(dec(i.cuota), dec(i.cuotaRecargo))) : i.cuota,
      CodigoExencion: null,
    };
  });
  // A 0 % row's category is its lines' (exempt or not subject); the rows list no event of their own.
  for (const i of Impuestos) {
    const l = lineas.find((x) => !x.DeDocumento && x.Porcentaje === i.Porcentaje && i.Categoria === 'Z');
    if (l) i.Categoria = l.Categoria;
  }

  const retenidos = nodos(f, 'TaxesWithheld/Tax').map((t) => impuestoFacturae(t, 'TaxesWithheld'));
  const total = (nombre: string) => {
    const v = textoEn(totales, nombre);
    return v === null ? null : modelo.importe(nombre, v);
  };
  const retenido = total('TotalTaxesWithheld') ?? modelo.dos(sum(retenidos.map((r) => dec(r.cuota))));
  const facturado = total('InvoiceTotal');
  const anticipos = total('TotalPaymentsOnAccount');
  const Totales: modelo.TotalesXml = {
    LineExtensionAmount: total('TotalGrossAmount'),
    TaxExclusiveAmount: total('TotalGrossAmountBeforeTaxes'),
    TaxInclusiveAmount: facturado === null ? null : modelo.dos(add(dec(facturado), dec(retenido))),
    // What is already settled: the withholding (paid to the tax office) and the payments on account.
    PrepaidAmount: anticipos && !isZero(dec(anticipos)) ? modelo.dos(add(dec(anticipos), dec(retenido))) : null,
    PayableAmount: total('TotalOutstandingAmount') ?? facturado,
  };
  const correctiva = nodo(cabecera, 'Corrective');
  const clase = textoEn(cabecera, 'InvoiceClass') ?? 'OO';
  return {
    Formato: 'Facturae',
    Clase: /R$/.test(clase) && facturado !== null && dec(facturado).units < 0n ? 'abono' : 'factura',
    Numero,
    Fecha,
    Moneda: textoEn(f, 'InvoiceIssueData/InvoiceCurrencyCode') ?? 'EUR',
    Proveedor: proveedorFacturae(nodo(raiz, 'Parties/SellerParty')),
    Lineas: lineas,
    Impuestos,
    PorcRetencion: retenidos[0] ? modelo.sinCeros(retenidos[0].tipo) : '0',
    Retencion: retenido,
    Vencimientos: nodos(f, 'PaymentDetails/Installment').flatMap((v) => {
      const fecha = textoEn(v, 'InstallmentDueDate');
      return fecha
        ? [{ Fecha: fecha, Importe: modelo.importe('InstallmentAmount', textoEn(v, 'InstallmentAmount')) }]
        : [];
    }),
    Totales,
    Rectificada: modelo.rectificada(numeroFacturae(correctiva), textoEn(correctiva, 'InvoiceIssueDate')),
    Notas: [
      ...nodos(f, 'LegalLiterals/LegalReference').map((n) => n.texto),
      ...nodos(f, 'AdditionalData/InvoiceAdditionalInformation').map((n) => n.texto),
    ].filter(Boolean),
  };
}

function lineaFacturae(l: NodoXml, i: number): modelo.LineaLeida {
  const campo = (c: string) => `línea ${i + 1}, ${c}`;
  const impuesto = nodo(l, 'TaxesOutputs/Tax');
  const { categoria, porcentaje } = impuesto
    ? categoriaYTipo(
        impuestoFacturae(impuesto, campo('impuesto')),
        textoEn(l, 'SpecialTaxableEvent/SpecialTaxableEventCode'),
      )
    : { categoria: 'S', porcentaje: '0' };
  return modelo.lineaLeida(
    {
      nombre: textoEn(l, 'ItemDescription') ?? '',
      cantidad: modelo.importe(campo('cantidad'), textoEn(l, 'Quantity'), '1'),
      precio: modelo.importe(campo('precio'), textoEn(l, 'UnitPriceWithoutTax'), '0'),
      base: '1',
      importe: modelo.importe(campo('modelo.importe'), textoEn(l, 'GrossAmount')),
      categoria,
      porcentaje,
    },
    (v) => v,
  );
}

function proveedorFacturae(p: NodoXml | undefined): modelo.ProveedorLeido {
  const juridica = nodo(p, 'LegalEntity');
  const persona = juridica ?? nodo(p, 'Individual');
  const espana = nodo(persona, 'AddressInSpain');
  const fuera = nodo(persona, 'OverseasAddress');
  const nombre = juridica
    ? textoEn(juridica, 'CorporateName')
    : [textoEn(persona, 'Name'), textoEn(persona, 'FirstSurname'), textoEn(persona, 'SecondSurname')]
        .filter(Boolean)
        .join(' ');
  const direccion = espana ?? fuera;
  return {
    Nombre: modelo.nombreProveedor(nombre),
    Nif: modelo.nifDeIva(textoEn(p, 'TaxIdentification/TaxIdentificationNumber')),
    Direccion: textoEn(direccion, 'Address'),
    CodPostal: espana ? textoEn(espana, 'PostCode') : null,
    Poblacion: espana ? textoEn(espana, 'Town') : textoEn(fuera, 'PostCodeAndTown'),
    Provincia: textoEn(direccion, 'Province'),
    Pais: paisDe(textoEn(direccion, 'CountryCode')),
  };
}
