/**
 * Periods and models of the AEAT returns: a period is `1T`…`4T` (quarter), `01`…`12` (month) or `0A`
 * (the year). Each model accepts its own kinds: 303/111/115 quarter or month, 130 quarter, 349 quarter, month or
 * year, 347 and the annual summaries 390, 190 and 180 the year.
 */
export const MODELOS_TRIBUTARIOS = ['303', '130', '111', '115', '349', '347', '390', '190', '180'] as const;
export type ModeloTributario = (typeof MODELOS_TRIBUTARIOS)[number];

export const NOMBRE_MODELO: Record<ModeloTributario, string> = {
  '303': 'Modelo 303 · IVA. Autoliquidación',
  '130': 'Modelo 130 · IRPF. Pago fraccionado (estimación directa)',
  '111': 'Modelo 111 · Retenciones de trabajo y actividades profesionales',
  '115': 'Modelo 115 · Retenciones de arrendamientos urbanos',
  '349': 'Modelo 349 · Operaciones intracomunitarias',
  '347': 'Modelo 347 · Operaciones con terceras personas',
  '390': 'Modelo 390 · IVA. Declaración-resumen anual',
  '190': 'Modelo 190 · Retenciones de trabajo y actividades profesionales. Resumen anual',
  '180': 'Modelo 180 · Retenciones de arrendamientos urbanos. Resumen anual',
};

export type Clase = 'T' | 'M' | 'A';
const CLASES: Record<ModeloTributario, readonly Clase[]> = {
  '303': ['T', 'M'],
  '130': ['T'],
  '111': ['T', 'M'],
  '115': ['T', 'M'],
  '349': ['T', 'M', 'A'],
  '347': ['A'],
  '390': ['A'],
  '190': ['A'],
  '180': ['A'],
};

/** The kinds of period a model is filed for (T quarter, M month, A year), in the order a period picker lists them. */
export const clasesDe = (m: ModeloTributario): readonly Clase[] => CLASES[m];

export interface Periodo {
  anyo: number;
  /** As typed: `1T`, `07`, `0A`. */
  codigo: string;
  clase: Clase;
  desde: string;
  hasta: string;
  /** Last period of the year (4T, 12, 0A): a negative 303 may be refunded instead of carried forward. */
  ultimo: boolean;
}

export const MSG_MODELOS = {
  modelo: `El modelo debe ser uno de: ${MODELOS_TRIBUTARIOS.join(', ')}`,
  anyo: 'El ejercicio debe ser un año entre 2000 y 2100',
  periodo: 'El periodo debe ser 1T, 2T, 3T, 4T, un mes de 01 a 12 o 0A (anual)',
  periodoModelo: (m: ModeloTributario) => {
    const c = CLASES[m];
    const txt = c.map((x) => (x === 'T' ? 'trimestral (1T…4T)' : x === 'M' ? 'mensual (01…12)' : 'anual (0A)'));
    return `El modelo ${m} se presenta con periodo ${txt.join(' o ')}`;
  },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const finMes = (anyo: number, mes: number) => new Date(Date.UTC(anyo, mes, 0)).getUTCDate();

export function esModelo(v: string): v is ModeloTributario {
  return (MODELOS_TRIBUTARIOS as readonly string[]).includes(v);
}

/** The dates of a period, or the Spanish message why it is not one (of this model). */
export function periodoTributario(modelo: ModeloTributario, anyo: number, codigo: string): Periodo | string {
  if (!Number.isInteger(anyo) || anyo < 2000 || anyo > 2100) return MSG_MODELOS.anyo;
  let clase: Clase;
  let m1: number;
  let m2: number;
  if (/^[1-4]T$/.test(codigo)) {
    clase = 'T';
    m2 = Number(codigo[0]) * 3;
    m1 = m2 - 2;
  } else if (/^(0[1-9]|1[0-2])$/.test(codigo)) {
    clase = 'M';
    m1 = m2 = Number(codigo);
  } else if (codigo === '0A') {
    clase = 'A';
    m1 = 1;
    m2 = 12;
  } else return MSG_MODELOS.periodo;
  if (!CLASES[modelo].includes(clase)) return MSG_MODELOS.periodoModelo(modelo);
  return {
    anyo,
    codigo,
    clase,
    desde: `${anyo}-${pad(m1)}-01`,
    hasta: `${anyo}-${pad(m2)}-${pad(finMes(anyo, m2))}`,
    ultimo: m2 === 12,
  };
}

/** The period of the same kind a date falls in (`2026-05-03` → `2T` / `05` / `0A`). */
export function periodoDeFecha(fecha: string, clase: Clase): { anyo: number; codigo: string } {
  const anyo = Number(fecha.slice(0, 4));
  const mes = Number(fecha.slice(5, 7));
  if (clase === 'T') return { anyo, codigo: `${Math.ceil(mes / 3)}T` };
  if (clase === 'M') return { anyo, codigo: pad(mes) };
  return { anyo, codigo: '0A' };
}

/** The periods of the same kind before this one in its year (1T → none; 3T → 1T, 2T). */
export function periodosAnteriores(p: Periodo): string[] {
  if (p.clase === 'T') return Array.from({ length: Number(p.codigo[0]) - 1 }, (_, i) => `${i + 1}T`);
  if (p.clase === 'M') return Array.from({ length: Number(p.codigo) - 1 }, (_, i) => pad(i + 1));
  return [];
}
