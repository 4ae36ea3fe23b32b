/**
 * SEPA R-transaction reason codes (compliance-es-2 §c) with the Spanish text the screens show. `bloquea`: the
 * reason says the mandate can no longer be used (MD01, MD07, AC04 and kin): the customer's mandate is flagged.
 */
export const MOTIVOS_DEVOLUCION = [
  { value: 'AC01', label: 'AC01 · IBAN incorrecto', bloquea: true },
  { value: 'AC04', label: 'AC04 · Cuenta cancelada', bloquea: true },
  { value: 'AC06', label: 'AC06 · Cuenta bloqueada', bloquea: true },
  { value: 'AG01', label: 'AG01 · Operación no permitida en esta cuenta', bloquea: true },
  { value: 'AM04', label: 'AM04 · Saldo insuficiente', bloquea: false },
  { value: 'AM05', label: 'AM05 · Duplicado', bloquea: false },
  { value: 'MD01', label: 'MD01 · Sin mandato válido', bloquea: true },
  { value: 'MD02', label: 'MD02 · Datos del mandato incorrectos', bloquea: true },
  { value: 'MD06', label: 'MD06 · Devolución solicitada por el deudor', bloquea: false },
  { value: 'MD07', label: 'MD07 · Deudor fallecido', bloquea: true },
  { value: 'MS02', label: 'MS02 · Rechazado por el deudor sin motivo', bloquea: false },
  { value: 'MS03', label: 'MS03 · Motivo no especificado', bloquea: false },
  { value: 'RC01', label: 'RC01 · BIC incorrecto', bloquea: false },
  { value: 'SL01', label: 'SL01 · Servicio específico del banco del deudor', bloquea: false },
] as const;
export type MotivoDevolucion = (typeof MOTIVOS_DEVOLUCION)[number]['value'];

export const esMotivoDevolucion = (c: string): c is MotivoDevolucion => MOTIVOS_DEVOLUCION.some((m) => m.value === c);
export const motivoBloqueaMandato = (c: string) => MOTIVOS_DEVOLUCION.some((m) => m.value === c && m.bloquea);
export const textoMotivo = (c: string) => MOTIVOS_DEVOLUCION.find((m) => m.value === c)?.label ?? c;

export interface RechazoPain002 {
  endToEndId: string;
  motivo: string;
}

const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(xml)?.[1];

/**
 * The rejected transactions of a pain.002 status report (CstmrPmtStsRpt): each TxInfAndSts with TxSts RJCT gives
 * its OrgnlEndToEndId and reason code (Rsn/Cd). The server validates the file against its XSD before this.
 */
export function rechazosPain002(xml: string): { msgIdOriginal: string | null; rechazos: RechazoPain002[] } {
  const rechazos: RechazoPain002[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?TxInfAndSts>([\s\S]*?)<\/(?:\w+:)?TxInfAndSts>/g)) {
    const bloque = m[1] ?? '';
    const estado = tag(bloque, 'TxSts');
    const e2e = tag(bloque, 'OrgnlEndToEndId');
    if (!e2e || (estado && estado !== 'RJCT')) continue;
    const rsn = /<(?:\w+:)?Rsn>\s*<(?:\w+:)?Cd>([^<]*)</.exec(bloque)?.[1] ?? 'MS03';
    rechazos.push({ endToEndId: e2e.trim(), motivo: rsn.trim() });
  }
  return { msgIdOriginal: tag(xml, 'OrgnlMsgId')?.trim() ?? null, rechazos };
}
