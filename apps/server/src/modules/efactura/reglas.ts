import type { ReglaFallida } from './validador.ts';

/**
 * The EN 16931 rules in Spanish terms, for the answer that refuses an invalid e-invoice: the rules Faro's
 * invoices can break by name, the rest by their family (the rule's id is always shown).
 */
const REGLAS: Record<string, string> = {
  'BR-01': 'falta la especificación (CustomizationID)',
  'BR-02': 'falta el número de factura',
  'BR-03': 'falta la fecha de expedición',
  'BR-06': 'falta el nombre del emisor',
  'BR-07': 'falta el nombre del destinatario',
  'BR-08': 'falta la dirección del emisor',
  'BR-09': 'falta el país del emisor',
  'BR-10': 'falta la dirección del destinatario',
  'BR-11': 'falta el país del destinatario',
  'BR-16': 'la factura no tiene líneas',
  'BR-25': 'una línea no tiene descripción',
  'BR-27': 'un precio es negativo',
  'BR-CO-09': 'el NIF-IVA no empieza por el código del país',
  'BR-CO-10': 'la suma de las líneas no coincide con la base',
  'BR-CO-13': 'la base imponible no coincide con las líneas',
  'BR-CO-14': 'la cuota total no coincide con el desglose',
  'BR-CO-15': 'el total con impuestos no es base + cuota',
  'BR-CO-16': 'el importe a pagar no es total con impuestos − anticipado',
  'BR-CO-17': 'una cuota no es base × tipo',
  'BR-CO-25': 'falta el vencimiento o las condiciones de pago',
  'BR-S-08': 'la base al tipo general no coincide con sus líneas',
  'BR-S-09': 'la cuota al tipo general no es base × tipo',
  'BR-E-10': 'falta la causa de exención',
  'BR-O-02': 'una operación no sujeta no lleva NIF-IVA del emisor',
  'BR-O-11': 'una factura con operaciones no sujetas no puede llevar otros tipos de IVA',
  'BR-IC-11': 'una entrega intracomunitaria necesita la fecha de entrega',
  'BR-IC-12': 'una entrega intracomunitaria necesita el país de destino',
  'BR-AE-02': 'la inversión del sujeto pasivo necesita los NIF-IVA de emisor y destinatario',
};

const FAMILIAS: [RegExp, string][] = [
  [/^BR-CO-/, 'cálculo de importes'],
  [/^BR-DEC-/, 'número de decimales'],
  [/^BR-CL-/, 'código fuera de su lista'],
  [/^BR-S-/, 'IVA al tipo general'],
  [/^BR-Z-/, 'IVA al tipo cero'],
  [/^BR-E-/, 'operación exenta'],
  [/^BR-G-/, 'exportación'],
  [/^BR-IC-/, 'entrega intracomunitaria'],
  [/^BR-AE-/, 'inversión del sujeto pasivo'],
  [/^BR-O-/, 'operación no sujeta'],
  [/^BR-AF-/, 'IGIC'],
  [/^BR-AG-/, 'IPSI'],
  [/^BR-/, 'dato obligatorio o regla de negocio'],
];

export function reglaEnEspanol(id: string): string {
  return REGLAS[id] ?? FAMILIAS.find(([re]) => re.test(id))?.[1] ?? 'regla de la norma';
}

/** "BR-CO-16 (el importe a pagar …); BR-S-08 (…)": each failed rule once. */
export function describirReglas(fallos: readonly ReglaFallida[]): string {
  return [...new Set(fallos.map((f) => f.id))].map((id) => `${id} (${reglaEnEspanol(id)})`).join('; ');
}
