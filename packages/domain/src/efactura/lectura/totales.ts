import { add, dec, isZero, sub, sum } from '../../money/decimal.ts';
import { calcularTotales, type TipoIva } from '../../sales/totals.ts';
import { dos, type FacturaLeida, sinCeros, type TotalesXml } from './modelo.ts';

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
 * rates as VAT types, and the file's withholding amount (its rate may round differently).
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
