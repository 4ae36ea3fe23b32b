/**
 * The fiscal calendar: which AEAT models a company files, each period's deadline and its filing state.
 *
 * Deadlines (AEAT's taxpayer calendar; RIVA art. 71.4, RIRPF arts. 108–110, Orden HAP/1732/2014 for 347):
 * - quarterly 303 / 111 / 115 / 130 / 349, 1T–3T: the 20th of the month after the quarter;
 * - 4T: 111 and 115 the 20th of January; 303, 130, 349 (and the annual 390) the 30th of January;
 * - monthly 303 / 111 / 115 / 349: the 20th of the next month, July until the 20th of September, December's 303 and
 *   349 until the 30th of January;
 * - 190 and 180 (annual summaries of withholdings): the 31st of January; 347: the last day of February.
 * A deadline on a Saturday, Sunday or national holiday moves to the next business day (Ley 39/2015 art. 30.5): New
 * Year, Epiphany, Good Friday, 1 May, 15 August, 12 October, 1 November, 6, 8 and 25 December.
 */
export const MODELOS_CALENDARIO = ['303', '111', '115', '130', '349', '347', '390', '190', '180'] as const;
export type ModeloCalendario = (typeof MODELOS_CALENDARIO)[number];

export const NOMBRE_CALENDARIO: Record<ModeloCalendario, string> = {
  '303': 'IVA. Autoliquidación',
  '111': 'Retenciones de trabajo y profesionales',
  '115': 'Retenciones de alquileres',
  '130': 'IRPF. Pago fraccionado',
  '349': 'Operaciones intracomunitarias',
  '347': 'Operaciones con terceras personas',
  '390': 'IVA. Resumen anual',
  '190': 'Resumen anual de retenciones de trabajo y profesionales',
  '180': 'Resumen anual de retenciones de alquileres',
};

/** What decides which models a company files (from its books, its returns and its 303 options). */
export interface PerfilFiscal {
  /** 303 monthly (REDEME / SII / large companies) or quarterly. */
  IvaMensual: boolean;
  /** Exonerated from the annual 390 (the 303 option of the last period). */
  Exonerado390: boolean;
  /** A natural person (NIF of a DNI/NIE): files 130 in direct estimation. */
  PersonaFisica: boolean;
  /** Withholds IRPF from professionals (111 → 190) or on rentals (115 → 180). */
  Retenciones111: boolean;
  Retenciones115: boolean;
  /** Intra-EU operations (349). */
  Intracomunitarias: boolean;
}

export type EstadoPlazo = 'sin-preparar' | 'preparado' | 'presentado' | 'domiciliado';
export const ETIQUETA_ESTADO: Record<EstadoPlazo, string> = {
  'sin-preparar': 'Sin preparar',
  preparado: 'Preparado',
  presentado: 'Presentado',
  domiciliado: 'Domiciliado',
};

export interface PlazoCalendario {
  Modelo: ModeloCalendario;
  Anyo: number;
  /** `1T`…`4T`, `01`…`12`, `0A`. */
  Periodo: string;
  /** The legal last day (after the weekend/holiday shift), `AAAA-MM-DD`. */
  Vence: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (a: number, m: number, d: number) => new Date(Date.UTC(a, m - 1, d));

/** Easter Sunday (Gregorian computus, Meeus/Jones/Butcher). */
export function domingoPascua(anyo: number): string {
  const a = anyo % 19;
  const b = Math.floor(anyo / 100);
  const c = anyo % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${anyo}-${pad(mes)}-${pad(dia)}`;
}

/** The national holidays of a year (those every territory keeps). */
export function festivosNacionales(anyo: number): Set<string> {
  const fijos = ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'];
  const pascua = new Date(`${domingoPascua(anyo)}T00:00:00Z`);
  const viernesSanto = iso(new Date(pascua.getTime() - 2 * 86_400_000));
  return new Set([...fijos.map((f) => `${anyo}-${f}`), viernesSanto]);
}

/** The day itself when it is a business day, else the next one (no Saturdays, Sundays or national holidays). */
export function diaHabil(fecha: string): string {
  let d = new Date(`${fecha}T00:00:00Z`);
  for (;;) {
    const dia = iso(d);
    const semana = d.getUTCDay();
    if (semana !== 0 && semana !== 6 && !festivosNacionales(d.getUTCFullYear()).has(dia)) return dia;
    d = new Date(d.getTime() + 86_400_000);
  }
}

/** The legal deadline of a model's period (before the business-day shift: `plazoLegal`; after it: `vencimiento`). */
export function plazoLegal(modelo: ModeloCalendario, anyo: number, periodo: string): string {
  if (modelo === '347') return iso(utc(anyo + 1, 3, 0)); // last day of February
  if (modelo === '190' || modelo === '180') return `${anyo + 1}-01-31`;
  if (modelo === '390') return `${anyo + 1}-01-30`;
  const trimestre = /^[1-4]T$/.test(periodo);
  const mesFin = trimestre ? Number(periodo[0]) * 3 : Number(periodo);
  if (mesFin === 12) return modelo === '111' || modelo === '115' ? `${anyo + 1}-01-20` : `${anyo + 1}-01-30`;
  if (!trimestre && mesFin === 7) return `${anyo}-09-20`;
  return `${anyo}-${pad(mesFin + 1)}-20`;
}

export const vencimiento = (modelo: ModeloCalendario, anyo: number, periodo: string): string =>
  diaHabil(plazoLegal(modelo, anyo, periodo));

/** The models a company files, from its profile. */
export function modelosQueAplican(p: PerfilFiscal): ModeloCalendario[] {
  const m: ModeloCalendario[] = ['303'];
  if (p.Retenciones111) m.push('111');
  if (p.Retenciones115) m.push('115');
  if (p.PersonaFisica) m.push('130');
  if (p.Intracomunitarias) m.push('349');
  m.push('347');
  if (!p.Exonerado390) m.push('390');
  if (p.Retenciones111) m.push('190');
  if (p.Retenciones115) m.push('180');
  return m;
}

/** The periods of a model in a year for this profile (130 is always quarterly; 349 follows 303). */
export function periodosDe(modelo: ModeloCalendario, perfil: PerfilFiscal): string[] {
  if (modelo === '347' || modelo === '390' || modelo === '190' || modelo === '180') return ['0A'];
  const mensual = perfil.IvaMensual && modelo !== '130';
  return mensual ? Array.from({ length: 12 }, (_, i) => pad(i + 1)) : ['1T', '2T', '3T', '4T'];
}

/** Every deadline of the company's models for the periods of `anyo`, by date. */
export function plazosDelAnyo(perfil: PerfilFiscal, anyo: number): PlazoCalendario[] {
  const r: PlazoCalendario[] = [];
  for (const Modelo of modelosQueAplican(perfil))
    for (const Periodo of periodosDe(Modelo, perfil))
      r.push({ Modelo, Anyo: anyo, Periodo, Vence: vencimiento(Modelo, anyo, Periodo) });
  return r.sort((a, b) => a.Vence.localeCompare(b.Vence) || a.Modelo.localeCompare(b.Modelo));
}

/** The filing state from the saved returns of the period (the newest wins); `U` is a domiciled payment. */
export function estadoPlazo(
  guardados: readonly { Estado: 'borrador' | 'presentada' | string; TipoDeclaracion?: string | null }[],
): EstadoPlazo {
  const presentada = guardados.find((g) => g.Estado === 'presentada');
  if (presentada) return presentada.TipoDeclaracion === 'U' ? 'domiciliado' : 'presentado';
  return guardados.length ? 'preparado' : 'sin-preparar';
}

/** One deadline of a company's fiscal calendar, as the server lists it and the calendar screen shows it. */
export interface LineaCalendario {
  Modelo: string;
  Nombre: string;
  Anyo: number;
  Periodo: string;
  Vence: string;
  Dias: number;
  Estado: EstadoPlazo;
  EstadoTexto: string;
  /** Pending after its deadline: the screen flags it in red with this text. */
  Vencido: boolean;
  IdDeclaracion: number | null;
  Justificante: string | null;
  /** The presented return keeps the AEAT's receipt PDF (`GET …/modtributarios/justificante/:IdDeclaracion`). */
  JustificantePdf: boolean;
  FechaPresentacion: string | null;
}

export const pendienteDePresentar = (e: EstadoPlazo) => e === 'sin-preparar' || e === 'preparado';

/** Days from `hoy` to `vence` (negative: overdue). */
export function diasHasta(hoy: string, vence: string): number {
  return Math.round((Date.parse(`${vence}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / 86_400_000);
}

/** What a reminder says of a pending deadline: 'vencido' after it, 'proximo' within `dias` days, else null. */
export function avisoPlazo(
  hoy: string,
  vence: string,
  estado: EstadoPlazo,
  dias: number,
): 'vencido' | 'proximo' | null {
  if (!pendienteDePresentar(estado)) return null;
  const n = diasHasta(hoy, vence);
  if (n < 0) return 'vencido';
  return n <= dias ? 'proximo' : null;
}

/** The receipt number of a filed return: 13 digits (the AEAT's número de justificante). */
export const JUSTIFICANTE_AEAT = /^\d{13}$/;
export const MSG_CALENDARIO = {
  justificante: 'El número de justificante son 13 cifras',
  anyo: 'El ejercicio debe ser un año entre 2000 y 2100',
} as const;
