import {
  type Aviso,
  CASILLAS_NO_IMPORTE,
  clasesDe,
  type Declarado,
  esModelo,
  formatAmount,
  formatNumber,
  type ModeloTributario,
  type Perceptor,
  periodoTributario,
  type Traza,
} from '@faro/domain';

/** The tax returns' data: what the server answers, the periods of each model, the link's model and period. */
export interface Registro {
  Id: number;
  Modelo: string;
  Anyo: number;
  Periodo: string;
  Tipo: string;
  Estado: 'borrador' | 'presentada';
  FechaPresentacion: string | null;
  Justificante: string | null;
  /** The AEAT's receipt PDF is kept with the return. */
  JustificantePdf?: boolean;
  Resultado: string;
  Ajustes: { Casillas?: Record<string, string> };
}
/** 303's company options (pro-rata, exonerated from 390, activity): saved with the return, carried to later ones. */
export interface Opciones {
  Prorrata?: number;
  Exonerado390?: boolean;
  ClaveActividad?: string;
  EpigrafeIAE?: string;
}
export interface Calculo {
  Opciones: Opciones | null;
  Casillas: Record<string, string>;
  Formulas: Record<string, string>;
  TipoDeclaracion: string | null;
  /** 190 / 180: perceptor records, with their subkey and withholding. */
  Declarados: (Declarado & Partial<Pick<Perceptor, 'Subclave' | 'Retencion'>>)[];
  Avisos: Aviso[];
  Presentada: boolean;
  Registros: Registro[];
  FechaDesde: string;
  FechaHasta: string;
}
export interface RespuestaTraza {
  Casilla: string;
  Importe: string;
  Formula: string | null;
  /** One page of the box's rows (`Total` in all). */
  Lineas: Traza[];
  Total: number;
}
export const FILAS_TRAZA = 100;

const TRIMESTRES = ['1T', '2T', '3T', '4T'].map((v) => ({ value: v, label: `${v[0]}.º trimestre` }));
const MESES = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'
  .split(' ')
  .map((m, i) => ({ value: String(i + 1).padStart(2, '0'), label: m[0]!.toUpperCase() + m.slice(1) }));
const ANUAL = [{ value: '0A', label: 'Anual' }];
const POR_CLASE = { T: TRIMESTRES, M: MESES, A: ANUAL };
/** The periods a model is filed for, from the domain's declaration of each model (periodos.ts). */
export const periodos = (m: ModeloTributario) => clasesDe(m).flatMap((c) => POR_CLASE[c]);
export const TIPO_DECLARACION: Record<string, string> = {
  I: 'A ingresar',
  C: 'A compensar',
  D: 'A devolver',
  N: 'Sin actividad o resultado cero',
  B: 'Resultado a deducir',
};

/** The quarter before today's (and its year): the return an office closes now. */
function periodoPorDefecto(): { anyo: number; periodo: string } {
  const hoy = new Date();
  const q = Math.floor(hoy.getMonth() / 3);
  return q === 0 ? { anyo: hoy.getFullYear() - 1, periodo: '4T' } : { anyo: hoy.getFullYear(), periodo: `${q}T` };
}

/**
 * The model and period a link opens (`?Modelo=303&Periodo=4T&Ejercicio=2026`, as the dashboard's tax cards link);
 * without them, or with a period that is not one of the model's, 303 and the default period.
 */
export function modeloDelEnlace(q: URLSearchParams): { modelo: ModeloTributario; anyo: number; periodo: string } {
  const defecto = periodoPorDefecto();
  const m = q.get('Modelo') ?? '';
  const modelo = esModelo(m) ? m : '303';
  const anyo = Number(q.get('Ejercicio'));
  const periodo = q.get('Periodo') ?? '';
  const delModelo = (x: string) => periodos(modelo).some((p) => p.value === x);
  if (delModelo(periodo) && typeof periodoTributario(modelo, anyo, periodo) !== 'string')
    return { modelo, anyo, periodo };
  return {
    modelo,
    anyo: defecto.anyo,
    periodo: delModelo(defecto.periodo) ? defecto.periodo : periodos(modelo)[0]!.value,
  };
}

/** Rows with a unique React key: their own id, numbered when it repeats (an invoice with two rates in a box). */
export function conClave<T>(filas: readonly T[], id: (x: T) => string): (T & { clave: string })[] {
  const vistas = new Map<string, number>();
  return filas.map((x) => {
    const k = id(x);
    const n = (vistas.get(k) ?? 0) + 1;
    vistas.set(k, n);
    return { ...x, clave: n === 1 ? k : `${k}#${n}` };
  });
}

export const valor = (m: ModeloTributario, k: string, v: string | undefined) =>
  v === undefined
    ? ''
    : CASILLAS_NO_IMPORTE[m].includes(k)
      ? formatNumber(v, v.split('.')[1]?.length ?? 0) || v
      : formatAmount(v);

export type OpcionesEditadas = { Prorrata: string } & Omit<Opciones, 'Prorrata'>;
