import { filasPorTipo, type LadoTipo } from './casillasPorTipo.ts';
import { CASILLAS_390, DEDUCIBLE_POR_TIPO, TIPOS_DEDUCIBLE } from './modelo390Etiquetas.ts';
import {
  type Ajustes,
  type Aviso,
  cents,
  eur,
  type LineaEmitida,
  type LineaRecibida,
  modelo303,
  type ResultadoModelo,
  type Traza,
} from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

/**
 * 390, the annual VAT summary, as the sum of the year's four 303s over the same book rows (compliance-es.md §4;
 * boxes and positions of DR390 2025, modelo390Fichero.ts). Nothing is classified twice: each quarter's rows go
 * through `modelo303` as they are, and again grouped by VAT rate (and, for intra-EU acquisitions, into their goods
 * and services parts, the 349 criterion) for the boxes the 390 splits by rate; every 390 box keeps the rows of the
 * 303 boxes it sums (its trace). So 47 is Σ 27, 64 is Σ 45 and 65 is Σ 46 of the four 303s by construction.
 *
 * What the 303s carry forward comes from each quarter's adjustments (typed boxes 42/43/44/77, pro-rata, the credit
 * pending from an earlier period, as the server reads them for that 303); box 85 is the previous year's credit used
 * in the year, 95/97/98/662 the results of the 303s as presented (as computed today when not presented).
 */
export const TRIMESTRES = ['1T', '2T', '3T', '4T'] as const;
export type Trimestre = (typeof TRIMESTRES)[number];

/** A return as presented: its boxes and kind of result. */
export interface Presentada {
  Casillas: Record<string, string>;
  TipoDeclaracion: string | null;
}

export interface Ajustes390 {
  /** Each quarter's 303 adjustments (typed boxes, options, pending credit), as for its own 303. */
  Trimestres?: Partial<Record<Trimestre, Ajustes>>;
  /** The 303s presented, per quarter. */
  Presentadas?: Partial<Record<Trimestre, Presentada>>;
}

/** One quarter's 303 beside the 390: its result from today's books and as presented. */
export interface Periodo390 {
  Periodo: Trimestre;
  Resultado: string;
  TipoDeclaracion: string | null;
  Presentado: string | null;
}

export type Resultado390 = ResultadoModelo & { Periodos: Periodo390[]; Trimestres303: ResultadoModelo[] };

/** The 390's [base, quota] boxes by rate ← the 303's of the same rate. */
function porTipo390(lado: LadoTipo): (readonly [string, string])[] {
  return filasPorTipo(lado).flatMap(([, , b303, , c303, b390, c390]) => [
    [b390, b303],
    [c390, c303],
  ]);
}

/** 390 box ← 303 box, summed over the quarters (the 303 already splits these by rate). */
const DIRECTAS: readonly (readonly [string, string])[] = [
  ...porTipo390('devengado'),
  ['27', '12'],
  ['28', '13'],
  ['29', '14'],
  ['30', '15'],
  ...porTipo390('recargo'),
  ['43', '25'],
  ['44', '26'],
  // The deductible groups' totals: each the 303 pair it comes from (intra-EU acquisitions below, by kind).
  ...DEDUCIBLE_POR_TIPO.filter((g) => g.servicio === undefined).flatMap((g) => [
    [g.total[0], g.de[0]] as const,
    [g.total[1], g.de[1]] as const,
  ]),
  ['639', '40'],
  ['62', '41'],
  ['61', '42'],
  ['63', '43'],
  ['522', '44'],
  ['659', '77'],
];
/** Volume of operations ← 303 page 04 of the last quarter (the year's issued book). */
const VOLUMEN: readonly (readonly [string, string])[] = [
  ['99', '80'],
  ['103', '93'],
  ['104', '94'],
  ['105', '83'],
  ['108', '88'],
];

type PorTipo = Record<string, [base: string, cuota: string]>;
const TODOS = ['0.00', '2.00', '4.00', '5.00', '7.50', '10.00', '21.00'];
/** The [base, cuota] boxes of each rate of `tipos`, in that order. */
function cajas(tipos: readonly string[], ...b: string[]): PorTipo {
  return Object.fromEntries(tipos.map((t, i) => [t, [b[2 * i]!, b[2 * i + 1]!]]));
}
/** The boxes by rate of a 303 pair, per kind of row (goods / services for intra-EU acquisitions). */
const POR_TIPO: readonly { de: readonly [string, string]; servicio?: boolean; tipos: PorTipo }[] = [
  // biome-ignore format: a table reads one row a line
  { de: ['10', '11'], servicio: false, tipos: cajas(TODOS, '716', '717', '683', '684', '21', '22', '718', '719', '685', '686', '23', '24', '25', '26') },
  // biome-ignore format: a table reads one row a line
  { de: ['10', '11'], servicio: true, tipos: cajas(TODOS, '720', '721', '687', '688', '545', '546', '722', '723', '689', '690', '547', '548', '551', '552') },
  ...DEDUCIBLE_POR_TIPO.map((g) => ({ ...g, tipos: cajas(TIPOS_DEDUCIBLE, ...g.cajas) })),
];
/** Intra-EU acquisitions as the 303 adds them (10/11, every rate): the totals 33/34 count them so. */
const INTRA_303: readonly (readonly [string, string])[] = [
  ['intra-base', '10'],
  ['intra-cuota', '11'],
  ['intra-ded-base', '36'],
  ['intra-ded-cuota', '37'],
];
const INTRA_TXT = 'adquisiciones intracomunitarias (716 a 552)';
const TOTALES: readonly (readonly [string, string[], string[], string?])[] = [
  [
    '33',
    ['700', '667', '01', '702', '03', '05', 'intra-base', '27', '29'],
    [],
    `700 + 667 + 01 + 702 + 03 + 05 + ${INTRA_TXT} + 27 + 29`,
  ],
  [
    '34',
    ['701', '668', '02', '703', '04', '06', 'intra-cuota', '28', '30'],
    [],
    `701 + 668 + 02 + 703 + 04 + 06 + ${INTRA_TXT} + 28 + 30`,
  ],
  ['47', ['34', '692', '36', '600', '42', '602', '44'], []],
  ['64', ['49', '51', '53', '55', '57', '59', '598', '61', '62', '63', '522'], []],
  ['65', ['47'], ['64']],
  ['84', ['65'], []],
];

const tipoDe = (s: string) => (cents(s) / 100).toFixed(2);

/** An intra-EU acquisition's row split into its goods and services parts (the 349 criterion); others whole. */
function partes(l: LineaRecibida): { l: LineaRecibida; servicio: boolean }[] {
  if (l.Operacion !== 'intracomunitaria') return [{ l, servicio: false }];
  const base = cents(l.Base);
  const serv = l.Servicio ? base : Math.sign(base) * Math.min(Math.abs(cents(l.BaseServicios)), Math.abs(base));
  if (!serv || serv === base) return [{ l, servicio: serv !== 0 }];
  const campos = ['Cuota', 'CuotaDeducible', 'CuotaAutoliquidada', 'CuotaRecargo'] as const;
  const s: LineaRecibida = { ...l, Base: eur(serv), Retencion: '0.00' };
  const b: LineaRecibida = { ...l, Base: eur(base - serv) };
  for (const c of campos) {
    const parte = Math.round((cents(l[c]) * serv) / base);
    s[c] = eur(parte);
    b[c] = eur(cents(l[c]) - parte);
  }
  return [
    { l: b, servicio: false },
    { l: s, servicio: true },
  ];
}

class Suma {
  readonly v = new Map<string, number>();
  readonly traza: Record<string, Traza[]> = {};
  readonly formulas: Record<string, string> = {};
  get = (k: string) => this.v.get(k) ?? 0;
  /** Adds a 303 box (and its rows) to a 390 box. */
  de(k390: string, r: ResultadoModelo, k303: string) {
    this.v.set(k390, this.get(k390) + cents(r.Casillas[k303]));
    this.trazar(k390, r, k303);
  }
  /** Only the rows (a box whose figure is a difference of others). */
  trazar(k390: string, r: ResultadoModelo, k303: string) {
    const filas = r.Traza[k303];
    if (!filas?.length) return;
    // A list of its own (the 303's stays as it is), grown in place: a box gathers four quarters' rows.
    const lista = this.traza[k390] ?? [];
    this.traza[k390] = lista;
    for (const f of filas) lista.push(f);
  }
  total(k: string, mas: string[], menos: string[], formula?: string) {
    const suma = (ks: string[]) => ks.reduce((s, x) => s + this.get(x), 0);
    this.v.set(k, suma(mas) - suma(menos));
    this.formulas[k] = formula ?? [mas.join(' + '), ...menos].join(' − ');
  }
}

/** The quarter's period of the 303 and its rows (by the books' date, as the 303 reads them). */
function trimestre(anyo: number, q: Trimestre) {
  const p = periodoTributario('303', anyo, q) as Periodo;
  const en = (f: string) => f >= p.desde && f <= p.hasta;
  return { p, en };
}

export function modelo390(
  anyo: number,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
  a: Ajustes390 = {},
  /** The year's rows for the last 303's page 04 and its 347 question (the server passes them grouped by party). */
  anual: { emitidas: readonly LineaEmitida[]; recibidas: readonly LineaRecibida[] } = { emitidas, recibidas },
): Resultado390 {
  const k = new Suma();
  const avisos: Aviso[] = [];
  const vistos = new Set<string>();
  const avisar = (x: Aviso) => {
    if (vistos.has(x.Mensaje)) return;
    vistos.add(x.Mensaje);
    avisos.push(x);
  };
  const periodos: Periodo390[] = [];
  const trimestres: ResultadoModelo[] = [];
  let pendiente = 0;
  let inicial = 0;
  let aplicada = 0;
  for (const q of TRIMESTRES) {
    const { p, en } = trimestre(anyo, q);
    const e = emitidas.filter((l) => en(l.Fecha));
    const r = recibidas.filter((l) => en(l.Fecha));
    const aq: Ajustes = { ...(a.Trimestres?.[q] ?? {}) };
    aq.PendienteCompensar ??= eur(pendiente);
    if (q === '1T') inicial = cents(aq.PendienteCompensar);
    const r303 = modelo303(p, e, r, aq, q === '4T' ? anual : undefined);
    trimestres.push(r303);
    for (const x of r303.Avisos) avisar(x);
    for (const [k390, k303] of [...DIRECTAS, ...INTRA_303]) k.de(k390, r303, k303);
    if (q === '4T') for (const [k390, k303] of VOLUMEN) k.de(k390, r303, k303);
    aplicada += cents(r303.Casillas['78']);
    const resultado = cents(r303.Casillas['71']);
    pendiente = cents(r303.Casillas['87']) + (r303.TipoDeclaracion === 'C' ? -resultado : 0);
    const presentada = a.Presentadas?.[q];
    periodos.push({
      Periodo: q,
      Resultado: eur(resultado),
      TipoDeclaracion: r303.TipoDeclaracion ?? null,
      Presentado: presentada ? eur(cents(presentada.Casillas['71'])) : null,
    });
    porTipo(k, p, r, aq, avisar);
  }
  k.total(
    '56',
    ['intra-ded-base'],
    ['597'],
    'Adquisiciones intracomunitarias deducibles (36 de los 303) − servicios (597)',
  );
  k.total('57', ['intra-ded-cuota'], ['598'], 'Cuotas deducibles intracomunitarias (37 de los 303) − servicios (598)');
  for (const [t, mas, menos, formula] of TOTALES) k.total(t, mas, menos, formula);
  // The previous year's credit used this year: what the 303s applied, up to the credit pending on 1 January.
  k.v.set('85', Math.min(inicial, aplicada));
  k.formulas['85'] =
    'Cuotas del ejercicio anterior aplicadas en los 303 del año (casilla 78, hasta lo pendiente al 1 de enero)';
  k.total('86', ['84', '659'], ['85']);
  resultados303(k, periodos, a.Presentadas ?? {}, trimestres);
  const Casillas: Record<string, string> = {};
  for (const c of CASILLAS_390) Casillas[c] = eur(k.get(c));
  const ultimo = trimestres[3]!;
  return {
    Modelo: '390',
    Casillas,
    Traza: k.traza,
    Formulas: k.formulas,
    Avisos: avisos,
    Anual: ultimo.Anual ? { ...ultimo.Anual, Exonerado390: false } : undefined,
    Periodos: periodos,
    Trimestres303: trimestres,
  };
}

/**
 * The boxes by rate: the quarter's received rows grouped by rate and kind, each group through the same 303 (with
 * the quarter's pro-rata, without typed boxes or credits), its boxes added to the 390 box of its rate.
 */
function porTipo(k: Suma, p: Periodo, recibidas: readonly LineaRecibida[], aq: Ajustes, avisar: (a: Aviso) => void) {
  const grupos = new Map<string, { tipo: string; servicio: boolean; filas: LineaRecibida[] }>();
  for (const l of recibidas)
    for (const x of partes(l)) {
      const tipo = tipoDe(x.l.PorcentajeIva);
      const key = `${tipo}|${x.servicio}`;
      const g = grupos.get(key) ?? { tipo, servicio: x.servicio, filas: [] };
      g.filas.push(x.l);
      grupos.set(key, g);
    }
  for (const g of grupos.values()) {
    const r = modelo303(p, [], g.filas, { Prorrata: aq.Prorrata });
    for (const def of POR_TIPO) {
      if (def.servicio !== undefined && def.servicio !== g.servicio) continue;
      const [b303, c303] = def.de;
      if (!cents(r.Casillas[b303]) && !cents(r.Casillas[c303])) continue;
      const cajas = def.tipos[g.tipo];
      if (!cajas) {
        avisar({
          Codigo: 'tipo-desconocido',
          Mensaje: `El tipo de IVA del ${g.tipo} % de las casillas ${b303}/${c303} del 303 no tiene casilla por tipo en el modelo 390: se suma solo en el total`,
        });
        continue;
      }
      k.de(cajas[0], r, b303);
      k.de(cajas[1], r, c303);
    }
    // Intra-EU deductions: services by their groups (597/598), goods the rest of the 303's 36/37 (56/57).
    const [b, c] = g.servicio ? ['597', '598'] : ['56', '57'];
    k[g.servicio ? 'de' : 'trazar'](b, r, '36');
    k[g.servicio ? 'de' : 'trazar'](c, r, '37');
  }
}

/** Section 9: the year's 303 results, as presented when they were. */
function resultados303(
  k: Suma,
  periodos: readonly Periodo390[],
  presentadas: Partial<Record<Trimestre, Presentada>>,
  trimestres: readonly ResultadoModelo[],
) {
  let ingresos = 0;
  for (const x of periodos) ingresos += Math.max(0, cents(x.Presentado ?? x.Resultado));
  k.v.set('95', ingresos);
  k.formulas['95'] = 'Σ resultados a ingresar (casilla 71 positiva) de los 303 del año, como se presentaron';
  const cuarto = periodos[3]!;
  const ultimo = presentadas['4T'];
  const tipo = ultimo?.TipoDeclaracion ?? cuarto.TipoDeclaracion;
  const negativo = Math.max(0, -cents(cuarto.Presentado ?? cuarto.Resultado));
  k.v.set('97', tipo === 'C' ? negativo : 0);
  k.v.set('98', tipo === 'D' ? negativo : 0);
  k.formulas['97'] = 'Resultado negativo del 303 del 4T cuando se pide compensar';
  k.formulas['98'] = 'Resultado negativo del 303 del 4T cuando se pide la devolución';
  const cuatro = ultimo?.Casillas ?? trimestres[3]?.Casillas ?? {};
  k.v.set('662', cents(cuatro['87']) + (tipo === 'C' ? negativo : 0));
  k.formulas['662'] = 'Casilla 87 del 303 del 4T (más su resultado a compensar)';
}
