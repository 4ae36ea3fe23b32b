import { z } from 'zod';
import { formatDecimal } from '../format/amount.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/password.ts';
import { isIsoDate } from '../validation/patterns.ts';
import { type Apunte, type Asiento, centimos, conceptoContable, importe } from './asientos.ts';

/**
 * Fixed assets (inmovilizado) and their straight-line depreciation under PGC PYMES: the schedule month by month to
 * the cent, the entries it posts (D 680/681 / H 280x/281x) and the sale or retirement (baja) with its gain (771) or
 * loss (671). Amounts are integer cents inside.
 *
 * Conventions (those of the Spanish asset registers): the month the asset is put into operation counts in full
 * (monthly pro-rata), each period is the same rounded quota and the last one takes what is left, so the accumulated
 * depreciation ends exactly at cost − residual value and never beyond; on a baja the asset is depreciated up to the
 * end of the month before it.
 */

/** A line of the official table of maximum straight-line coefficients (Ley 27/2014 art. 12.1.a, RD 634/2015). */
export interface CoeficienteOficial {
  Codigo: string;
  Descripcion: string;
  /** Maximum annual coefficient, %. */
  CoeficienteMaximo: number;
  /** Maximum period, years (below 100 / this the depreciation is not deductible either). */
  PeriodoMaximo: number;
  /** PGC PYMES account of the asset (2xx). */
  Cuenta: string;
}

const linea = (
  Codigo: string,
  Descripcion: string,
  CoeficienteMaximo: number,
  PeriodoMaximo: number,
  Cuenta: string,
): CoeficienteOficial => ({ Codigo, Descripcion, CoeficienteMaximo, PeriodoMaximo, Cuenta });

/** The common groups of the official table, with the account each one is kept in. */
export const COEFICIENTES_OFICIALES: readonly CoeficienteOficial[] = [
  linea('edificios-industriales', 'Edificios industriales', 3, 68, '211'),
  linea('edificios-comerciales', 'Edificios comerciales, administrativos y viviendas', 2, 100, '211'),
  linea('almacenes', 'Almacenes y depósitos', 7, 30, '211'),
  linea('instalaciones', 'Instalaciones', 10, 20, '212'),
  linea('maquinaria', 'Maquinaria', 12, 18, '213'),
  linea('equipos-medicos', 'Equipos médicos y asimilados', 15, 14, '213'),
  linea('utiles-herramientas', 'Útiles y herramientas', 25, 8, '214'),
  linea('moldes', 'Moldes, matrices y modelos', 33, 6, '214'),
  linea('mobiliario', 'Mobiliario', 10, 20, '216'),
  linea('lenceria', 'Lencería', 25, 8, '216'),
  linea('cristaleria', 'Cristalería', 50, 4, '216'),
  linea('otros-enseres', 'Otros enseres', 15, 14, '216'),
  linea('equipos-informaticos', 'Equipos para procesos de información', 25, 8, '217'),
  linea('transporte-interno', 'Elementos de transporte interno', 10, 20, '218'),
  linea('transporte-externo', 'Elementos de transporte externo', 16, 14, '218'),
  linea('autocamiones', 'Autocamiones', 20, 10, '218'),
  linea('equipos-electronicos', 'Equipos electrónicos', 20, 10, '219'),
  linea('otros', 'Otros elementos', 15, 14, '219'),
  linea('software', 'Sistemas y programas informáticos', 33, 6, '206'),
];

const porCodigo = new Map(COEFICIENTES_OFICIALES.map((c) => [c.Codigo, c]));
export const coeficienteOficial = (codigo: string): CoeficienteOficial | undefined => porCodigo.get(codigo);

/** Accounts of an asset kept in `cuenta` (2xx): its accumulated depreciation (280x/281x) and its expense (680/681). */
export function cuentasAmortizacion(cuenta: string): { Amortizacion: string; Gasto: string } {
  const intangible = cuenta.startsWith('20');
  return { Amortizacion: `28${cuenta.slice(1, 3)}`, Gasto: intangible ? '680' : '681' };
}

/** The subaccount of a fixed account at the company's length (2170000 at 7 digits). */
export const subcuentaFija = (cuenta: string, digitos: number): string => cuenta.padEnd(digitos, '0').slice(0, digitos);

export const CUENTA_PERDIDAS_INMOVILIZADO = '671';
export const CUENTA_BENEFICIOS_INMOVILIZADO = '771';
/** Where the price of a sold asset waits to be collected: créditos a c/p por enajenación de inmovilizado. */
export const CUENTA_COBRO_BAJA = '543';

/** Annual coefficient, % (the useful life's one when the asset has a life instead). */
export const coeficienteAnual = (a: { Coeficiente?: number | null; VidaUtil?: number | null }): number =>
  a.VidaUtil ? 100 / a.VidaUtil : (a.Coeficiente ?? 0);

/** Warnings of a coefficient against the official table: above the maximum, or below the maximum period's. */
export function avisosCoeficiente(grupo: string, coeficiente: number): string[] {
  const o = coeficienteOficial(grupo);
  if (!o || !(coeficiente > 0)) return [];
  const pct = (v: number) => `${formatDecimal(String(Math.round(v * 100) / 100))} %`;
  if (coeficiente > o.CoeficienteMaximo + 1e-9)
    return [
      `El coeficiente (${pct(coeficiente)}) supera el máximo oficial del ${pct(o.CoeficienteMaximo)} para «${o.Descripcion}»: el exceso no es gasto deducible en el Impuesto sobre Sociedades`,
    ];
  if (coeficiente < 100 / o.PeriodoMaximo - 1e-9)
    return [
      `El coeficiente (${pct(coeficiente)}) amortiza en más del periodo máximo de ${o.PeriodoMaximo} años para «${o.Descripcion}»: la parte que excede ese periodo no es gasto deducible`,
    ];
  return [];
}

/** What the schedule needs of an asset. */
export interface DatosAmortizacion {
  /** Acquisition cost, cents. */
  Coste: number;
  /** Residual value, cents (never depreciated). */
  ValorResidual: number;
  /** Start-up date (yyyy-mm-dd): its month is the first one. */
  FechaInicio: string;
  /** Annual coefficient, %, or the useful life in years (the life wins when both are given). */
  Coeficiente?: number | null;
  VidaUtil?: number | null;
  /** Date of the baja: the months from its own on are not depreciated. */
  FechaBaja?: string | null;
}

/** One month of the schedule: its quota and where the asset stands after it (cents). */
export interface PeriodoAmortizacion {
  /** yyyy-mm */
  Periodo: string;
  /** The month's last day: the entry's date. */
  Fecha: string;
  Cuota: number;
  Acumulada: number;
  ValorNeto: number;
}

const mesSiguiente = (periodo: string): string => {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
/** The last day of a month yyyy-mm. */
export const finDeMes = (periodo: string): string => {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  return `${periodo}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The number of months (possibly fractional) the depreciable base takes, from the coefficient or the life. */
function mesesDeVida(d: DatosAmortizacion): number {
  if (d.VidaUtil && d.VidaUtil > 0) return d.VidaUtil * 12;
  if (d.Coeficiente && d.Coeficiente > 0) return 1200 / d.Coeficiente;
  return 0;
}

/**
 * The whole schedule, month by month: every month but the last depreciates the same rounded quota and the last
 * takes the rest, so the sum is exactly cost − residual value (the quota is rounded down when rounding to the
 * nearest cent would leave the last month nothing). A baja cuts it before the baja's month.
 */
export function cuadroAmortizacion(d: DatosAmortizacion): PeriodoAmortizacion[] {
  const base = Math.max(0, d.Coste - Math.max(0, d.ValorResidual));
  const meses = mesesDeVida(d);
  if (base === 0 || meses <= 0) return [];
  const n = Math.max(1, Math.ceil(meses - 1e-9));
  const exacta = base / meses;
  let cuota = Math.round(exacta);
  if ((n - 1) * cuota >= base) cuota = Math.floor(exacta);
  const corte = d.FechaBaja ? d.FechaBaja.slice(0, 7) : null;
  const out: PeriodoAmortizacion[] = [];
  let periodo = d.FechaInicio.slice(0, 7);
  let acumulada = 0;
  for (let i = 1; i <= n; i++) {
    if (corte && periodo >= corte) break;
    const c = i === n ? base - acumulada : cuota;
    acumulada += c;
    out.push({
      Periodo: periodo,
      Fecha: finDeMes(periodo),
      Cuota: c,
      Acumulada: acumulada,
      ValorNeto: d.Coste - acumulada,
    });
    periodo = mesSiguiente(periodo);
  }
  return out;
}

/** One year of the schedule: the year's depreciation and where the asset stands at its end. */
export interface AnualidadAmortizacion {
  Ejercicio: number;
  Cuota: number;
  Acumulada: number;
  ValorNeto: number;
}

/** The schedule by year (the sums of its months). */
export function cuadroAnual(periodos: readonly PeriodoAmortizacion[]): AnualidadAmortizacion[] {
  const out: AnualidadAmortizacion[] = [];
  for (const p of periodos) {
    const y = Number(p.Periodo.slice(0, 4));
    const ultimo = out.at(-1);
    if (ultimo?.Ejercicio === y) {
      ultimo.Cuota += p.Cuota;
      ultimo.Acumulada = p.Acumulada;
      ultimo.ValorNeto = p.ValorNeto;
    } else out.push({ Ejercicio: y, Cuota: p.Cuota, Acumulada: p.Acumulada, ValorNeto: p.ValorNeto });
  }
  return out;
}

/** The subaccounts an asset posts to (stored with it, so a later change of the company's digits does not move them). */
export interface CuentasActivo {
  CuentaActivo: string;
  CuentaAmortizacion: string;
  CuentaGasto: string;
}

export function cuentasDeGrupo(grupo: string, digitos: number): CuentasActivo {
  const cuenta = coeficienteOficial(grupo)?.Cuenta ?? '219';
  const c = cuentasAmortizacion(cuenta);
  return {
    CuentaActivo: subcuentaFija(cuenta, digitos),
    CuentaAmortizacion: subcuentaFija(c.Amortizacion, digitos),
    CuentaGasto: subcuentaFija(c.Gasto, digitos),
  };
}

const apunte = (
  Subcuenta: string,
  Contrapartida: string,
  Concepto: string,
  debe: number,
  haber: number,
  Documento: string,
): Apunte => ({
  Subcuenta,
  Contrapartida,
  Concepto,
  Debe: importe(debe),
  Haber: importe(haber),
  Documento,
});

/** A month's depreciation entry: D 680/681 / H 280x/281x, dated the month's last day. */
export function asientoAmortizacion(
  a: CuentasActivo & { Codigo: string },
  p: Pick<PeriodoAmortizacion, 'Periodo' | 'Fecha' | 'Cuota'>,
): Asiento {
  const concepto = conceptoContable(`AMORT. ${a.Codigo} ${p.Periodo}`);
  return {
    Numero: 0,
    Fecha: p.Fecha,
    Tipo: 'amortizacion',
    Documento: a.Codigo,
    Apuntes: [
      apunte(a.CuentaGasto, a.CuentaAmortizacion, concepto, p.Cuota, 0, a.Codigo),
      apunte(a.CuentaAmortizacion, a.CuentaGasto, concepto, 0, p.Cuota, a.Codigo),
    ],
  };
}

/** What a baja leaves: the net book value and the result (price − net value: > 0 gain to 771, < 0 loss to 671). */
export function resultadoBaja(coste: number, acumulada: number, precio: number) {
  const valorNeto = coste - acumulada;
  return { ValorNeto: valorNeto, Resultado: precio - valorNeto };
}

/**
 * The baja entry: the accumulated depreciation (D 28x) and the price (D 543, or the account given) against the
 * asset's cost (H 2xx); the difference is the loss (D 671) or the gain (H 771). Always balanced.
 */
export function asientoBaja(
  a: CuentasActivo & { Codigo: string; Coste: number },
  b: { Fecha: string; Precio: number; Acumulada: number; CuentaCobro: string; Digitos: number },
): Asiento {
  const concepto = conceptoContable(`BAJA ${a.Codigo}`);
  const { Resultado } = resultadoBaja(a.Coste, b.Acumulada, b.Precio);
  const perdidas = subcuentaFija(CUENTA_PERDIDAS_INMOVILIZADO, b.Digitos);
  const beneficios = subcuentaFija(CUENTA_BENEFICIOS_INMOVILIZADO, b.Digitos);
  const lineas: Apunte[] = [];
  const d = (cuenta: string, v: number) =>
    v > 0 && lineas.push(apunte(cuenta, a.CuentaActivo, concepto, v, 0, a.Codigo));
  const h = (cuenta: string, v: number) => v > 0 && lineas.push(apunte(cuenta, '', concepto, 0, v, a.Codigo));
  d(a.CuentaAmortizacion, b.Acumulada);
  d(b.CuentaCobro, b.Precio);
  d(perdidas, -Resultado);
  h(a.CuentaActivo, a.Coste);
  h(beneficios, Resultado);
  return { Numero: 0, Fecha: b.Fecha, Tipo: 'baja', Documento: a.Codigo, Apuntes: lineas };
}

/** Spanish messages of the asset register. */
export const MSG_INMOVILIZADO = {
  residualMayor: 'El valor residual debe ser menor que el coste',
  sinMetodo: 'Indica el coeficiente anual o la vida útil',
  yaAsentado: 'El elemento ya tiene asientos de amortización: no se puede modificar ni borrar (dalo de baja)',
  yaDeBaja: 'El elemento ya está dado de baja',
  bajaAnterior: 'La fecha de baja no puede ser anterior a la fecha de inicio',
  codigoRepetido: 'Ya existe un elemento con ese código',
  facturaNoExiste: 'La factura recibida no existe',
} as const;

const DINERO = /^\d{1,13}(?:\.\d{1,2})?$/;
/** A money field as text or number with at most two decimals → cents. */
const centimosDe = (campo: string, obligatorio: boolean) =>
  z
    .union([z.string(), z.number()], { error: MSG.required(campo) })
    .optional()
    .transform((v, ctx) => {
      const s = v === undefined || v === null ? '' : String(v).trim().replace(',', '.');
      if (s === '') {
        if (obligatorio) ctx.addIssue({ code: 'custom', message: MSG.required(campo) });
        return 0;
      }
      if (!DINERO.test(s)) {
        ctx.addIssue({ code: 'custom', message: MSG.format });
        return 0;
      }
      return centimos(s);
    });
const decimalPositivo = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v === undefined || v === null ? '' : String(v).trim().replace(',', '.');
      if (s === '') return null;
      const n = Number(s);
      if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(s) || !(n > 0)) {
        ctx.addIssue({ code: 'custom', message: n === 0 ? MSG.min('0,01') : MSG.format });
        return null;
      }
      if (n > max) ctx.addIssue({ code: 'custom', message: MSG.max(max) });
      return n;
    });
const fecha = (campo: string) =>
  z
    .string({ error: MSG.required(campo) })
    .trim()
    .min(1, { error: MSG.required(campo) })
    .refine(isIsoDate, { error: MSG.format });
const fechaOpcional = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim() : null))
  .refine((v) => v === null || isIsoDate(v), { error: MSG.format });

/** An asset as the form sends it (create and edit). */
export const inmovilizadoSchema = z
  .object({
    Codigo: requiredString('Código', 20),
    Descripcion: requiredString('Descripción', 100),
    Grupo: z.string({ error: MSG.required('Grupo') }).refine((g) => porCodigo.has(g), { error: MSG.required('Grupo') }),
    FechaCompra: fechaOpcional,
    FechaInicio: fecha('Fecha de inicio'),
    Coste: centimosDe('Coste', true),
    ValorResidual: centimosDe('Valor residual', false),
    Coeficiente: decimalPositivo(100),
    VidaUtil: decimalPositivo(100),
    AmortizadoHasta: fechaOpcional,
    IdFacturaCompra: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
      .refine((v) => v === null || (Number.isSafeInteger(v) && v > 0), { error: MSG.format }),
    Notas: z
      .string()
      .trim()
      .max(500, { error: MSG.maxLength('Notas', 500) })
      .optional()
      .transform((v) => v ?? ''),
  })
  .superRefine((a, ctx) => {
    if (a.Coste > 0 && a.ValorResidual >= a.Coste)
      ctx.addIssue({ code: 'custom', message: MSG_INMOVILIZADO.residualMayor, path: ['ValorResidual'] });
    if (a.Coeficiente === null && a.VidaUtil === null)
      ctx.addIssue({ code: 'custom', message: MSG_INMOVILIZADO.sinMetodo, path: ['Coeficiente'] });
  });
export type InmovilizadoEntrada = z.output<typeof inmovilizadoSchema>;

/** A baja: its date, the sale price (0 when it is retired) and where the price is owed (543 unless said). */
export const bajaInmovilizadoSchema = z.object({
  Fecha: fecha('Fecha'),
  Precio: centimosDe('Precio de venta', false),
  CuentaCobro: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{3,12}$/.test(v), { error: MSG.format }),
});
export type BajaInmovilizado = z.output<typeof bajaInmovilizadoSchema>;
