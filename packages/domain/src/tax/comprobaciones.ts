import { formatAmount } from '../format/amount.ts';
import { cents, eur } from './modelos.ts';

/**
 * The cross-check of an annual summary against the year's four periodic returns (390 ↔ 303, 190 ↔ 111,
 * 180 ↔ 115): per box, the annual figure from today's books, the sum of the periods (each as presented, or as
 * computed today when not presented), the difference and why. A difference comes from (1) a period presented with
 * other figures than today's books give for it (invoices registered, changed or corrected after presenting it),
 * (2) what the periodic return has and the annual one cannot (payroll typed into a 111; a perceptor counted in each
 * quarter), (3) the year's own compensations between periods (303 box 78), or (4) rounding per period.
 */
export type ModeloAnual = '390' | '190' | '180';
export const PERIODICO: Record<ModeloAnual, '303' | '111' | '115'> = { '390': '303', '190': '111', '180': '115' };

export interface PeriodoComprobado {
  Periodo: string;
  /** The periodic return's boxes from today's books. */
  Libros: Record<string, string>;
  /** As presented; null when it was not. */
  Presentada: { Casillas: Record<string, string>; FechaPresentacion: string | null } | null;
  /** The corrective invoices of the period (their numbers). */
  Rectificativas?: readonly string[];
}

export interface ImportePeriodo {
  Periodo: string;
  Importe: string;
  Origen: 'presentada' | 'libros';
}

export interface LineaComprobacion {
  Casilla: string;
  Concepto: string;
  /** The periodic boxes added ('Σ 27 de los 303'). */
  Periodicas: string;
  /** A count (perceptors), not euros. */
  Cuenta: boolean;
  Anual: string;
  PorPeriodo: ImportePeriodo[];
  SumaPeriodos: string;
  Diferencia: string;
  Explicaciones: string[];
  /** No difference, or only the one the reasons expect (repeated perceptors, the year's own compensations). */
  Cuadra: boolean;
}

export interface Comprobacion {
  Modelo: ModeloAnual;
  Periodico: '303' | '111' | '115';
  Lineas: LineaComprobacion[];
  Cuadra: boolean;
}

type Casillas = Record<string, string>;
interface Cruce {
  Casilla: string;
  Concepto: string;
  /** The periodic boxes summed; '+' suffix: only when positive. */
  periodicas: readonly string[];
  cuenta?: boolean;
  /** The annual figure when it is not the annual box itself. */
  anual?: (c: Casillas) => number;
  /**
   * Why, besides the periods presented otherwise and rounding: the texts, and how much of the difference they
   * account for as expected (a count's repeated perceptors, the year's own compensations); the rest is a gap.
   */
  porque?: (anual: Casillas, periodos: readonly PeriodoComprobado[], diferencia: number) => Porque;
}

const suma = (c: Casillas, ks: readonly string[]) =>
  ks.reduce((s, k) => s + (k.endsWith('+') ? Math.max(0, cents(c[k.slice(0, -1)])) : cents(c[k])), 0);
const euros = (c: number) => formatAmount(eur(c));
const fecha = (f: string | null) => (f ? f.split('-').reverse().join('/') : '');

/** The summaries' count of perceptors (box 01) against the quarters' count: a perceptor in several counts once. */
const perceptores = (Concepto: string, periodica: string): Cruce => ({
  Casilla: '01',
  Concepto,
  periodicas: [periodica],
  cuenta: true,
  porque: repetidos,
});

const CRUCES: Record<ModeloAnual, readonly Cruce[]> = {
  '390': [
    {
      Casilla: '33',
      Concepto: 'Total bases imponibles de IVA devengado',
      periodicas: ['150', '165', '01', '153', '04', '07', '10', '12', '14'],
    },
    {
      Casilla: '34',
      Concepto: 'Total cuotas de IVA devengado',
      periodicas: ['152', '167', '03', '155', '06', '09', '11', '13', '15'],
    },
    { Casilla: '47', Concepto: 'Total cuotas de IVA y recargo de equivalencia', periodicas: ['27'] },
    { Casilla: '64', Concepto: 'Suma de deducciones', periodicas: ['45'] },
    { Casilla: '65', Concepto: 'Resultado del régimen general', periodicas: ['46'] },
    {
      Casilla: '86',
      Concepto: 'Resultado de la liquidación anual frente a los resultados de los 303',
      periodicas: ['71'],
      porque: (anual, periodos) => {
        const propias = suma(sumaLibros(periodos), ['78']) - cents(anual['85']);
        const textos = propias
          ? [
              `Los 303 del año compensaron ${euros(propias)} de resultados negativos de periodos del mismo año (casilla 78): el resumen anual ya los resta en su resultado`,
            ]
          : [];
        return { textos, esperada: propias };
      },
    },
  ],
  '190': [
    { Casilla: '02', Concepto: 'Percepciones de actividades profesionales (clave G)', periodicas: ['08'] },
    { Casilla: '03', Concepto: 'Retenciones de actividades profesionales (clave G)', periodicas: ['09'] },
    {
      Casilla: 'A',
      Concepto: 'Retenciones de rendimientos del trabajo (nóminas, clave A)',
      periodicas: ['03'],
      anual: () => 0,
      porque: () => ({
        textos: [
          'Las nóminas se introducen a mano en el 111 (casillas 01 a 03): el 190 necesita un registro por trabajador con clave A, que Faro no tiene porque no lleva nóminas. Añádelos en el programa de la AEAT antes de presentar',
        ],
        esperada: 0,
      }),
    },
    perceptores('Nº de perceptores de actividades profesionales', '07'),
  ],
  '180': [
    { Casilla: '02', Concepto: 'Base de las retenciones', periodicas: ['02'] },
    { Casilla: '03', Concepto: 'Retenciones e ingresos a cuenta', periodicas: ['03'] },
    perceptores('Nº de perceptores', '01'),
  ],
};
type Porque = { textos: string[]; esperada: number };
/** A perceptor counts in every period it is paid in and once in the year: fewer in the year is expected. */
function repetidos(_a: Casillas, _p: readonly PeriodoComprobado[], diferencia: number): Porque {
  return diferencia < 0
    ? {
        textos: [
          'Un perceptor cuenta en cada periodo en que cobra y una sola vez en el resumen anual: el número de perceptores no tiene que sumar',
        ],
        esperada: diferencia,
      }
    : { textos: [], esperada: 0 };
}

/** The periods' boxes as today's books give them, added (for the reasons that need them). */
function sumaLibros(periodos: readonly PeriodoComprobado[]): Casillas {
  const out: Record<string, number> = {};
  for (const p of periodos) for (const [k, v] of Object.entries(p.Libros)) out[k] = (out[k] ?? 0) + cents(v);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, eur(v)]));
}

function linea(
  c: Cruce,
  anual: Casillas,
  periodos: readonly PeriodoComprobado[],
  periodico: string,
): LineaComprobacion {
  // Counts travel as cents too ('2' → 200), so sums and differences are alike.
  const a = c.anual ? c.anual(anual) : cents(anual[c.Casilla]);
  const unidad = (v: number) => (c.cuenta ? String(v / 100) : eur(v));
  const porPeriodo: ImportePeriodo[] = [];
  const explicaciones: string[] = [];
  let total = 0;
  let libros = 0;
  for (const p of periodos) {
    const hoy = suma(p.Libros, c.periodicas);
    const presentado = p.Presentada ? suma(p.Presentada.Casillas, c.periodicas) : null;
    const v = presentado ?? hoy;
    total += v;
    libros += hoy;
    porPeriodo.push({ Periodo: p.Periodo, Importe: unidad(v), Origen: presentado === null ? 'libros' : 'presentada' });
    if (presentado !== null && presentado !== hoy && !c.cuenta) {
      const rect = p.Rectificativas?.length ? `; rectificativas del periodo: ${p.Rectificativas.join(', ')}` : '';
      explicaciones.push(
        `El ${p.Periodo} se presentó el ${fecha(p.Presentada!.FechaPresentacion)} con ${euros(presentado)} y los libros de hoy dan ${euros(hoy)} (${euros(hoy - presentado)}): se registraron, cambiaron o rectificaron facturas del periodo después de presentarlo${rect}. Si procede, presenta una complementaria o sustitutiva del ${periodico} del ${p.Periodo}`,
      );
    }
  }
  const diferencia = a - total;
  let esperada = 0;
  if (diferencia) {
    const porque = c.porque?.(anual, periodos, diferencia);
    esperada = porque?.esperada ?? 0;
    explicaciones.push(...(porque?.textos ?? []));
    const resto = a - libros;
    if (resto && !c.porque && !c.cuenta)
      explicaciones.push(
        Math.abs(resto) < 100
          ? `Redondeo: ${euros(resto)} entre el cálculo anual y los periodos (cada periodo redondea su prorrata y el reparto por tipos)`
          : `El año y sus periodos no leen las mismas facturas (${euros(resto)}): revisa las fechas de registro de las facturas del año`,
      );
    if (!c.cuenta)
      for (const p of periodos)
        if (!p.Presentada) explicaciones.push(`El ${p.Periodo} no está presentado: se suma su cálculo de hoy`);
  }
  return {
    Casilla: c.Casilla,
    Concepto: c.Concepto,
    Periodicas: `Σ ${c.periodicas.map((k) => (k.endsWith('+') ? `${k.slice(0, -1)} positiva` : k)).join(' + ')} de los ${periodico}`,
    Cuenta: Boolean(c.cuenta),
    Anual: unidad(a),
    PorPeriodo: porPeriodo,
    SumaPeriodos: unidad(total),
    Diferencia: unidad(diferencia),
    Explicaciones: explicaciones,
    Cuadra: diferencia === esperada,
  };
}

/** The cross-check of an annual summary's boxes against its year's periodic returns. */
export function comprobarAnual(
  modelo: ModeloAnual,
  anual: Casillas,
  periodos: readonly PeriodoComprobado[],
): Comprobacion {
  const periodico = PERIODICO[modelo];
  const lineas = CRUCES[modelo].map((c) => linea(c, anual, periodos, periodico));
  return {
    Modelo: modelo,
    Periodico: periodico,
    Lineas: lineas,
    Cuadra: lineas.every((l) => l.Cuadra),
  };
}
