import { tieneNifIvaUe } from '../sales/exenciones.ts';
import { CASILLAS_POR_TIPO, type LadoTipo } from './casillasPorTipo.ts';
import { disenoDe303 } from './diseno303.ts';
import { SECCION_303_2026, SECCION_303_ANUAL, SECCIONES_MODELO } from './etiquetas.ts';
import { type ModeloTributario, type Periodo, periodoDeFecha } from './periodos.ts';

/** The boxes of a model in the order of its form (etiquetas.ts is the one list). */
const casillasDe = (m: ModeloTributario): readonly string[] =>
  SECCIONES_MODELO[m].flatMap((s) => s.Casillas.map(([k]) => k));

/**
 * The boxes (casillas) of the AEAT models computed from the invoice books (compliance-es.md §4). Pure and
 * isomorphic: the server reads the books' rows (one per invoice and VAT rate) and passes them in; every box keeps
 * the rows that make it (its trace). Amounts travel as decimal strings ('1234.50') and are added in integer cents.
 *
 * 303: accrued VAT per rate (01–09, 150–155, 165–167) and recargo (16–24, 156–158, 168–170) from issued invoices;
 *   intra-EU acquisitions (10/11) and other reverse charge (12/13) self-assessed from received ones; corrective
 *   invoices to 14/15 (VAT), 25/26 (recargo) and 40/41 (deductions); deductible VAT (28–39: domestic, imports,
 *   intra-EU; current or investment goods); regularisations typed in (42, 43, 44); 27, 45, 46, 64–66; the
 *   compensation of earlier periods (110 pending, 78 applied, 87 left); 69 and 71 (minus an earlier return's 70).
 *   Intra-EU deliveries (exemption E5) and exports (E2) are informative boxes 59 and 60.
 * 130: cumulative from 1 January: income (bases issued), expenses (bases received + non-deductible VAT + recargo
 *   paid), 20 % of the profit, payments of earlier quarters (their positive 07), withholdings borne (IRPF on issued
 *   invoices).
 * 111: IRPF withheld on received invoices of professionals (key 111, 07–09); payroll (01–03) is typed in: Faro
 *   has no payroll. 115: withheld on rentals (key 115).
 * 349: per intra-EU operator × key (E deliveries, S services rendered, A acquisitions, I services acquired);
 *   corrective invoices of an earlier period are rectification records. 347: per third party with more than
 *   3,005.06 € a year (VAT included) by quarter, key A purchases / B sales, without the rows `seleccion347` excludes
 *   (EXCLUSIONES_347); cash received over 6,000 €. 347 and 349 read the rows of `filasLibros`, keyed per book.
 */

/** What a row of either book carries: the invoice, its party, one rate's amounts and the server's grouping. */
export interface LineaLibro {
  Id: number;
  /** The book's date (for a received invoice its registration date: the book's period). */
  Fecha: string;
  NumSerie: string;
  Tercero: string;
  NIF: string | null;
  Pais?: string | null;
  CodPostal?: string | null;
  /** A corrective invoice, and the date of the invoice it corrects. */
  Rectificativa: boolean;
  FechaRectificada?: string | null;
  Impuesto: string;
  PorcentajeIva: string;
  Base: string;
  Cuota: string;
  CuotaRecargo: string;
  /** IRPF withheld: the invoice's, on its first row only (0 on the others). */
  Retencion: string;
  /** A service (349 key S on sales, I on purchases instead of E / A): the whole row, or the part in BaseServicios. */
  Servicio?: boolean;
  /** The part of the row's base that is services (products of kind servicio), when only part of it is. */
  BaseServicios?: string;
  /**
   * A group of book rows alike in everything the classifier reads, its amounts summed (the server's grouped read
   * for 303 / 390, `modelos/libros.ts`): its key, for the drill-down of a box, and how many rows it stands for.
   */
  Grupo?: string;
  Filas?: number;
}

export interface LineaEmitida extends LineaLibro {
  PorcentajeRecargo: string;
  Exencion: string | null;
}

export interface LineaRecibida extends LineaLibro {
  /** The supplier's invoice date. */
  FechaFactura: string;
  Operacion: 'interior' | 'intracomunitaria' | 'inversion' | 'importacion' | string;
  CuotaDeducible: string;
  CuotaAutoliquidada: string;
  ClaveRetencion: string | null;
  BienInversion?: boolean;
}

/** A row behind a box: which book, which invoice, and what it adds to the box. */
export interface Traza {
  Libro: 'emitidas' | 'recibidas';
  Id: number;
  Fecha: string;
  NumSerie: string;
  Tercero: string;
  NIF: string | null;
  Base: string;
  Cuota: string;
  Importe: string;
  /** The group's key when the row is a group (its invoices are read on demand). */
  Grupo?: string;
}

export interface Aviso {
  Codigo:
    | 'sin-nif'
    | 'nif-iva'
    | 'fuera-periodo'
    | 'hueco-serie'
    | 'tipo-desconocido'
    | 'otro-impuesto'
    | 'sin-provincia';
  Mensaje: string;
  Id?: number;
}

/** A third party's line of 347 / 349 (the type-2 records). */
export interface Declarado {
  NIF: string;
  Nombre: string;
  Clave: string;
  Importe: string;
  /** 347: per quarter; cash; province (from the postal code) or country. */
  Trimestres?: [string, string, string, string];
  Metalico?: string;
  Provincia?: string;
  Pais?: string;
  /** 349 rectification: the period corrected, the base after and before. */
  Rectificacion?: { Anyo: number; Periodo: string; BaseRectificada: string; BaseAnterior: string };
}

export interface ResultadoModelo {
  Modelo: ModeloTributario;
  Casillas: Record<string, string>;
  Traza: Record<string, Traza[]>;
  /** A total box: the boxes it adds (and subtracts, '-'-prefixed). */
  Formulas: Record<string, string>;
  Avisos: Aviso[];
  /** 303/130/111/115: I ingreso, C compensar, D devolver, N sin actividad / cero, B a deducir (130). */
  TipoDeclaracion?: string;
  Declarados?: Declarado[];
  /** 303 of the last period: what page 04 and the flags of page 01 need besides the boxes. */
  Anual?: { Exonerado390: boolean; ClaveActividad: string; EpigrafeIAE: string; Con347: boolean };
}

/** What the books do not hold: amounts typed in, and the figures of earlier presented returns. */
export interface Ajustes {
  /** Boxes typed in: 303 42/43/44/68/77/70, 130 13/16/18, 111 01/02/03 (payroll) and 29, 115 04. */
  Casillas?: Record<string, string>;
  /** 303: negative results of earlier periods still to compensate (box 110). */
  PendienteCompensar?: string;
  /** 130: box 07 of the earlier quarters of the year, as presented (else computed from the books). */
  Anteriores130?: Record<string, string>;
  /** 347: cash received per NIF in the year (the server sums the collections into cash accounts). */
  Metalico?: Record<string, string>;
  /** 303: the provisional pro-rata (whole %, 1–100) applied to the deductible VAT (art. 104 LIVA). */
  Prorrata?: number;
  /** 303 of the last period (4T / 12): exonerated from the annual summary 390 (page 04 is filled). */
  Exonerado390?: boolean;
  /** 303 page 04: the main activity's key (A01…) and IAE epigraph. */
  ClaveActividad?: string;
  EpigrafeIAE?: string;
}

/** 303 of the last period: the year's books (page 04, the annual summary of those exonerated from 390). */
export interface LibrosDelAnyo {
  emitidas: readonly LineaEmitida[];
  recibidas: readonly LineaRecibida[];
}

// ── amounts in cents ──────────────────────────────────────────────────────────────────────────────────────────
export const cents = (s: string | number | null | undefined): number =>
  (typeof s === 'string' ? centsDeDigitos(s) : undefined) ?? centsDeTexto(s);
/**
 * The usual amount ("-1234.5", "7", "0.005"): its digits read in one pass, as `centsDeTexto` reads them (the third
 * decimal rounds half up on the magnitude). Anything else (spaces, a sign "+", no whole part, more than 15 whole
 * digits, other characters): undefined, for `centsDeTexto`. A model reads every amount of a year's book rows.
 */
function centsDeDigitos(s: string): number | undefined {
  const n = s.length;
  const neg = s.charCodeAt(0) === 45;
  let k = neg ? 1 : 0;
  const inicio = k;
  let entero = 0;
  for (let c = s.charCodeAt(k) - 48; k < n && c >= 0 && c <= 9; c = s.charCodeAt(++k) - 48) entero = entero * 10 + c;
  if (k === inicio || k - inicio > 15) return undefined;
  const decimales = [0, 0, 0];
  if (k < n) {
    if (s.charCodeAt(k) !== 46) return undefined;
    for (let j = 0, c = s.charCodeAt(++k) - 48; k < n; j++, c = s.charCodeAt(++k) - 48) {
      if (c < 0 || c > 9) return undefined;
      if (j < 3) decimales[j] = c;
    }
  }
  const v = entero * 100 + decimales[0]! * 10 + decimales[1]! + (decimales[2]! >= 5 ? 1 : 0);
  return neg ? -v : v;
}
function centsDeTexto(s: string | number | null | undefined): number {
  if (s === null || s === undefined || s === '') return 0;
  const str = String(s).trim();
  const neg = str.startsWith('-');
  const [i = '0', d = ''] = str.replace(/^[-+]/, '').split('.');
  const v = Number(i) * 100 + Number((d + '00').slice(0, 2)) + (Number((d + '000')[2]) >= 5 ? 1 : 0);
  return neg ? -v : v;
}
export const eur = (c: number): string => {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
/** round(c × pct / 100), half away from zero. */
const pctDe = (c: number, pct: number) => Math.sign(c) * Math.round((Math.abs(c) * pct) / 100);
const rate = (s: string) => (cents(s) / 100).toFixed(2);

class Cajas {
  readonly c = new Map<string, number>();
  readonly t: Record<string, Traza[]> = {};
  readonly texto: Record<string, string> = {};
  readonly formulas: Record<string, string> = {};
  get(k: string) {
    return this.c.get(k) ?? 0;
  }
  set(k: string, v: number) {
    this.c.set(k, v);
  }
  add(k: string, v: number, fila?: Traza) {
    this.c.set(k, this.get(k) + v);
    if (!fila) return;
    const lista = this.t[k] ?? [];
    lista.push({ ...fila, Importe: eur(v) });
    this.t[k] = lista;
  }
  /** A total box: Σ of `mas` − Σ of `menos`, with its formula. */
  total(k: string, mas: string[], menos: string[] = []) {
    this.set(k, mas.reduce((s, x) => s + this.get(x), 0) - menos.reduce((s, x) => s + this.get(x), 0));
    this.formulas[k] = [mas.join(' + '), ...menos].join(' − ');
  }
  fin(modelo: ModeloTributario, keys: readonly string[], avisos: Aviso[], extra: Partial<ResultadoModelo> = {}) {
    const Casillas: Record<string, string> = {};
    for (const k of keys) Casillas[k] = this.texto[k] ?? eur(this.get(k));
    return { Modelo: modelo, Casillas, Traza: this.t, Formulas: this.formulas, Avisos: avisos, ...extra };
  }
}

/** The trace line of a book row: the same fields from either book. */
const trazaDeLibro =
  (Libro: Traza['Libro']) =>
  (l: LineaLibro): Traza => {
    // One literal of a fixed shape per row (a conditional spread made every trace a new, slow object shape).
    const t: Traza = {
      Libro,
      Id: l.Id,
      Fecha: l.Fecha,
      NumSerie: l.NumSerie,
      Tercero: l.Tercero,
      NIF: l.NIF,
      Base: l.Base,
      Cuota: l.Cuota,
      Importe: '0.00',
    };
    if (l.Grupo !== undefined) t.Grupo = l.Grupo;
    return t;
  };
const trazaE: (l: LineaEmitida) => Traza = trazaDeLibro('emitidas');
const trazaR: (l: LineaRecibida) => Traza = trazaDeLibro('recibidas');

// ── the books' rows: one selection for every model ─────────────────────────────────────────────────────────
/**
 * A row of one of the two books. Issued and received invoices are rows of two tables, so an id alone does not say
 * which invoice it is (issued F0005 and received FC0017 may both be 17): every per-invoice rule keys on `factura`.
 */
export type FilaLibroFiscal = { libro: 'emitidas'; l: LineaEmitida } | { libro: 'recibidas'; l: LineaRecibida };
export const facturaDe = (f: FilaLibroFiscal): string => `${f.libro}:${f.l.Id}`;

/** The period's rows of both books, as the server read them for every model (303, 130, 347, 349 alike). */
export function filasLibros(emitidas: readonly LineaEmitida[], recibidas: readonly LineaRecibida[]): FilaLibroFiscal[] {
  return [
    ...emitidas.map((l) => ({ libro: 'emitidas' as const, l })),
    ...recibidas.map((l) => ({ libro: 'recibidas' as const, l })),
  ];
}
export const trazaDe = (f: FilaLibroFiscal): Traza => (f.libro === 'emitidas' ? trazaE(f.l) : trazaR(f.l));

/** Intra-EU operations: 349's rows (issued E5 deliveries and services, received intra-EU acquisitions). */
export const es349 = (f: FilaLibroFiscal): boolean =>
  f.libro === 'emitidas' ? f.l.Exencion === 'E5' : f.l.Operacion === 'intracomunitaria';

/**
 * What 347 leaves out of the books, each with its reason (art. 33.2 of RD 1065/2007 and the AEAT's instructions;
 * compliance-es.md §4.7): operations another periodic return already declares (intra-EU in 349; the rents the
 * company paid with IRPF withheld, professional or rental, which it declares in 190 / 180), exports and imports, and
 * invoices whose recipient is not identified (no NIF: simplified tickets). The exclusion of withheld rents is the
 * payer's (art. 33.2 RD 1065/2007: "satisfagan rentas sometidas a retención"): a professional's issued invoice with
 * IRPF is declared with its customer like any other.
 */
export const EXCLUSIONES_347 = {
  '349': 'operación intracomunitaria (se declara en el modelo 349)',
  exportacion: 'exportación',
  importacion: 'importación',
  retencion: 'factura con retención de IRPF (se declara en el modelo 190 o 180)',
  'sin-nif': 'factura sin NIF del tercero',
} as const;
export type Exclusion347 = keyof typeof EXCLUSIONES_347;

/** Every book row with the reason 347 excludes it (null: declared); a withholding on a received invoice excludes it whole. */
export function seleccion347(
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
): { f: FilaLibroFiscal; excluida: Exclusion347 | null }[] {
  const filas = filasLibros(emitidas, recibidas);
  const conRetencion = new Set(
    filas.filter((f) => f.libro === 'recibidas' && cents(f.l.Retencion) !== 0).map(facturaDe),
  );
  const motivo = (f: FilaLibroFiscal): Exclusion347 | null => {
    if (es349(f)) return '349';
    if (f.libro === 'emitidas' && f.l.Exencion === 'E2') return 'exportacion';
    if (f.libro === 'recibidas' && f.l.Operacion === 'importacion') return 'importacion';
    if (conRetencion.has(facturaDe(f))) return 'retencion';
    return nifDe(f.l.NIF) ? null : 'sin-nif';
  };
  return filas.map((f) => ({ f, excluida: motivo(f) }));
}
const nifDe = (nif: string | null) =>
  String(nif ?? '')
    .trim()
    .toUpperCase();

// ── 303 ───────────────────────────────────────────────────────────────────────────────────────────────────────
/** The 303's [base, rate, quota] boxes of each rate of one side. */
const casillasPorTipo = (lado: LadoTipo): Record<string, [string, string, string]> =>
  Object.fromEntries(CASILLAS_POR_TIPO.filter((f) => f[0] === lado).map(([, tipo, b, t, c]) => [tipo, [b, t, c]]));
const DEVENGADO = casillasPorTipo('devengado');
const RECARGO = casillasPorTipo('recargo');
export const CASILLAS_303 = casillasDe('303');
/** The text of each rate box: its rate. */
const RATES_303: Record<string, string> = {};
for (const [, tipo, , casilla] of CASILLAS_POR_TIPO) RATES_303[casilla] ??= tipo;

const esIva = (impuesto: string) => !impuesto || impuesto === 'IVA';
/** The invoice a warning names: a group names its first and counts the rest. */
const quien = (l: LineaEmitida) =>
  l.Filas && l.Filas > 1 ? `${l.NumSerie} y ${l.Filas - 1} filas más del libro` : l.NumSerie;

export function modelo303(
  p: Periodo,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
  a: Ajustes = {},
  anyo?: LibrosDelAnyo,
): ResultadoModelo {
  const k = new Cajas();
  const avisos: Aviso[] = [];
  const prorrata = prorrataDe(a.Prorrata);
  for (const [box, r] of Object.entries(RATES_303)) k.texto[box] = r;
  for (const l of emitidas) {
    const t = trazaE(l);
    if (!esIva(l.Impuesto)) {
      avisos.push({
        Codigo: 'otro-impuesto',
        Id: l.Id,
        Mensaje: `${quien(l)}: ${l.Impuesto} no se declara en el modelo 303`,
      });
      continue;
    }
    const base = cents(l.Base);
    const cuota = cents(l.Cuota);
    const re = cents(l.CuotaRecargo);
    if (l.Exencion) {
      if (l.Exencion === 'E5') k.add('59', base, t);
      else if (l.Exencion === 'E2') k.add('60', base, t);
      continue;
    }
    const pct = rate(l.PorcentajeIva);
    if (l.Rectificativa) {
      k.add('14', base, t);
      k.add('15', cuota, t);
      if (re) {
        k.add('25', base, t);
        k.add('26', re, t);
      }
      continue;
    }
    const dev = DEVENGADO[pct];
    if (!dev) {
      avisos.push({
        Codigo: 'tipo-desconocido',
        Id: l.Id,
        Mensaje: `${quien(l)}: el tipo de IVA del ${pct} % no tiene casilla en el modelo 303`,
      });
      continue;
    }
    k.add(dev[0], base, t);
    k.add(dev[2], cuota, t);
    if (re) {
      const r = RECARGO[rate(l.PorcentajeRecargo)];
      if (!r) {
        avisos.push({
          Codigo: 'tipo-desconocido',
          Id: l.Id,
          Mensaje: `${quien(l)}: el recargo del ${rate(l.PorcentajeRecargo)} % no tiene casilla en el modelo 303`,
        });
        continue;
      }
      k.add(r[0], base, t);
      k.add(r[2], re, t);
    }
  }
  for (const l of recibidas) {
    if (!esIva(l.Impuesto)) continue;
    const t = trazaR(l);
    const base = cents(l.Base);
    const auto = cents(l.CuotaAutoliquidada);
    if (auto || ((l.Operacion === 'intracomunitaria' || l.Operacion === 'inversion') && base)) {
      const [b, c] = l.Rectificativa ? ['14', '15'] : l.Operacion === 'intracomunitaria' ? ['10', '11'] : ['12', '13'];
      k.add(b, base, t);
      k.add(c, auto, t);
    }
    // The pro-rata applies to what is deductible (a 50 % car at a 80 % pro-rata: 40 % of its VAT).
    const ded = pctDe(cents(l.CuotaDeducible), prorrata);
    if (!ded) continue;
    const soportada = cents(l.Cuota) + auto;
    // The base of the deductible part only (a 50 % non-deductible car: half its base).
    const baseDed = soportada && ded !== soportada ? Math.round((base * ded) / soportada) : base;
    const inv = Boolean(l.BienInversion);
    const [b, c] = l.Rectificativa
      ? ['40', '41']
      : l.Operacion === 'importacion'
        ? inv
          ? ['34', '35']
          : ['32', '33']
        : l.Operacion === 'intracomunitaria'
          ? inv
            ? ['38', '39']
            : ['36', '37']
          : inv
            ? ['30', '31']
            : ['28', '29'];
    k.add(b, baseDed, t);
    k.add(c, ded, t);
  }
  const man = a.Casillas ?? {};
  for (const x of ['42', '43', '44', '68', '77', '70']) k.set(x, cents(man[x]));
  k.total('27', ['152', '167', '03', '155', '06', '09', '11', '13', '15', '158', '170', '18', '21', '24', '26']);
  k.total('45', ['29', '31', '33', '35', '37', '39', '41', '42', '43', '44']);
  k.total('46', ['27'], ['45']);
  k.total('64', ['46']);
  k.set('65', 10000);
  k.texto['65'] = '100.00';
  k.total('66', ['64']);
  const pendiente = Math.max(0, cents(a.PendienteCompensar));
  k.set('110', pendiente);
  k.set('78', Math.min(pendiente, Math.max(0, k.get('66') + k.get('77') + k.get('68'))));
  k.total('87', ['110'], ['78']);
  k.total('69', ['66', '77', '68'], ['78']);
  // DR303e26 (2026 on): [112], the payments on account of fuel deliveries (modelo 319), subtracted from the result.
  // Faro neither files the 319 nor records its payments, so the box is typed in (0 unless typed).
  const con319 = disenoDe303(p).Id === 'DR303e26v101';
  if (con319) k.set('112', cents(man['112']));
  k.total('71', ['69'], con319 ? ['70', '112'] : ['70']);
  const r = k.get('71');
  const tipo = r > 0 ? 'I' : r === 0 ? 'N' : p.ultimo ? 'D' : 'C';
  avisos.push(...avisosLibros(p, emitidas, recibidas));
  if (prorrata < 100) k.formulas['45'] += ` (deducciones al ${prorrata} % de prorrata)`;
  // Page 04 (the year's summary) only in the last period, and only shown when the books of the year were read.
  const delDiseno = con319 ? CASILLAS_303 : CASILLAS_303.filter((c) => !CASILLAS_303_2026.includes(c));
  if (!p.ultimo || !anyo) {
    const trimestral = delDiseno.filter((c) => !CASILLAS_303_ANUAL.includes(c));
    return k.fin('303', trimestral, avisos, { TipoDeclaracion: tipo });
  }
  resumenAnual303(k, p, anyo);
  const anual = {
    Exonerado390: Boolean(a.Exonerado390),
    ClaveActividad: String(a.ClaveActividad ?? ''),
    EpigrafeIAE: String(a.EpigrafeIAE ?? ''),
    Con347: con347(anyo.emitidas, anyo.recibidas),
  };
  return k.fin('303', delDiseno, avisos, { TipoDeclaracion: tipo, Anual: anual });
}

/** The pro-rata percentage: a whole number from 1 to 100 (100 when not set). */
export function prorrataDe(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 100;
}

/** 303 page 04 (last period, exonerated from 390): the year's operations from the issued-invoice book. */
export const CASILLAS_303_ANUAL = SECCION_303_ANUAL.Casillas.map(([c]) => c);
/** 303 boxes of the DR303e26 design only (2026 on). */
export const CASILLAS_303_2026 = SECCION_303_2026.Casillas.map(([c]) => c);
/** Exemptions with the right to deduct (exports and assimilated: art. 21–25 LIVA) → box 94; E1 (art. 20) → 83. */
const EXENTAS_CON_DEDUCCION = new Set(['E2', 'E3', 'E4', 'E6']);

function resumenAnual303(k: Cajas, p: Periodo, anyo: LibrosDelAnyo) {
  for (const l of anyo.emitidas) {
    if (!esIva(l.Impuesto) || l.Fecha.slice(0, 4) !== String(p.anyo)) continue;
    const box = !l.Exencion ? '80' : l.Exencion === 'E5' ? '93' : EXENTAS_CON_DEDUCCION.has(l.Exencion) ? '94' : '83';
    k.add(box, cents(l.Base), trazaE(l));
  }
  for (const x of ['81', '84', '125', '126', '127', '128', '86', '95', '96', '97', '98', '79', '99']) k.set(x, 0);
  k.total(
    '88',
    ['80', '81', '93', '94', '83', '84', '125', '126', '127', '128', '86', '95', '96', '97', '98'],
    ['79', '99'],
  );
}

// ── 130 ───────────────────────────────────────────────────────────────────────────────────────────────────────
export const CASILLAS_130 = casillasDe('130');

/** One quarter's 01–04 and 06 from the rows of 1 January to its end. */
function acumulado130(
  k: Cajas,
  hasta: string,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
  traza: boolean,
) {
  for (const l of emitidas) {
    if (l.Fecha > hasta) continue;
    const t = traza ? trazaE(l) : undefined;
    k.add('01', cents(l.Base), t);
    const ret = cents(l.Retencion);
    if (ret) k.add('06', ret, t);
  }
  for (const l of recibidas) {
    if (l.Fecha > hasta) continue;
    // The cost: the base, the VAT that cannot be deducted and the recargo paid.
    const noDed = cents(l.Cuota) + cents(l.CuotaAutoliquidada) - cents(l.CuotaDeducible);
    k.add('02', cents(l.Base) + noDed + cents(l.CuotaRecargo), traza ? trazaR(l) : undefined);
  }
  k.total('03', ['01'], ['02']);
  k.set('04', Math.max(0, pctDe(k.get('03'), 20)));
  k.formulas['04'] = '20 % × 03 (si es positiva)';
}

export function modelo130(
  p: Periodo,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
  a: Ajustes = {},
): ResultadoModelo {
  const q = Number(p.codigo[0]);
  // Earlier quarters' 07: as presented, else computed from the books.
  let pagos = 0;
  for (let i = 1; i < q; i++) {
    const presentado = a.Anteriores130?.[`${i}T`];
    let v: number;
    if (presentado !== undefined) v = cents(presentado);
    else {
      const prev = new Cajas();
      acumulado130(prev, `${p.anyo}-${String(i * 3).padStart(2, '0')}-31`, emitidas, recibidas, false);
      v = prev.get('04') - pagos - prev.get('06');
    }
    pagos += Math.max(0, v);
  }
  const k = new Cajas();
  acumulado130(k, p.hasta, emitidas, recibidas, true);
  k.set('05', pagos);
  k.formulas['05'] = 'Σ 07 positivas de los trimestres anteriores';
  k.total('07', ['04'], ['05', '06']);
  k.total('11', ['09'], ['10']);
  k.total('12', ['07', '11']);
  const man = a.Casillas ?? {};
  for (const x of ['13', '15', '16', '18']) k.set(x, cents(man[x]));
  k.total('14', ['12'], ['13']);
  k.total('17', ['14'], ['15', '16']);
  k.total('19', ['17'], ['18']);
  const r = k.get('19');
  return k.fin(
    '130',
    CASILLAS_130,
    avisosLibros(
      p,
      emitidas.filter((l) => l.Fecha >= p.desde),
      [],
    ),
    {
      TipoDeclaracion: r > 0 ? 'I' : r < 0 ? 'B' : 'N',
    },
  );
}

// ── 111 / 115 ─────────────────────────────────────────────────────────────────────────────────────────────────
export const CASILLAS_111 = casillasDe('111');
export const CASILLAS_115 = casillasDe('115');
const PERCEPTORES = new Set(['01', '04', '07', '10', '13', '16', '19', '22', '25']);

/**
 * The received rows of the invoices with IRPF withheld under a key (111 professionals, 115 rentals; no key is 111):
 * every row of such an invoice, the withholding on its first. 111 / 115 and the annual 190 / 180 read these rows.
 */
export function filasRetencion(recibidas: readonly LineaRecibida[], clave: '111' | '115'): LineaRecibida[] {
  const conRetencion = new Set(
    recibidas.filter((l) => cents(l.Retencion) !== 0 && (l.ClaveRetencion ?? '111') === clave).map((l) => l.Id),
  );
  return recibidas.filter((l) => conRetencion.has(l.Id));
}

/** Withholdings of a key (111 / 115) on received invoices: [perceptors, base, withheld] boxes. */
function retenciones(
  k: Cajas,
  recibidas: readonly LineaRecibida[],
  clave: '111' | '115',
  boxes: [string, string, string],
) {
  const perceptores = new Set<string>();
  for (const l of filasRetencion(recibidas, clave)) {
    const t = trazaR(l);
    perceptores.add((l.NIF || l.Tercero).toUpperCase());
    k.add(boxes[1], cents(l.Base), t);
    const ret = cents(l.Retencion);
    if (ret) k.add(boxes[2], ret, t);
  }
  k.set(boxes[0], perceptores.size);
  k.texto[boxes[0]] = String(perceptores.size);
}

export function modelo111(p: Periodo, recibidas: readonly LineaRecibida[], a: Ajustes = {}): ResultadoModelo {
  const k = new Cajas();
  retenciones(k, recibidas, '111', ['07', '08', '09']);
  const man = a.Casillas ?? {};
  for (const x of ['02', '03', '29']) k.set(x, cents(man[x]));
  // Payroll is typed in (Faro has no payroll): its number of perceptors too.
  k.texto['01'] = String(Math.max(0, Math.trunc(Number(man['01'] ?? 0)) || 0));
  for (const x of PERCEPTORES) k.texto[x] ??= '0';
  k.total('28', ['03', '06', '09', '12', '15', '18', '21', '24', '27']);
  k.total('30', ['28'], ['29']);
  const r = k.get('30');
  return k.fin('111', CASILLAS_111, avisosLibros(p, [], recibidas), { TipoDeclaracion: r > 0 ? 'I' : 'N' });
}

export function modelo115(p: Periodo, recibidas: readonly LineaRecibida[], a: Ajustes = {}): ResultadoModelo {
  const k = new Cajas();
  retenciones(k, recibidas, '115', ['01', '02', '03']);
  k.set('04', cents(a.Casillas?.['04']));
  k.total('05', ['03'], ['04']);
  const r = k.get('05');
  return k.fin('115', CASILLAS_115, avisosLibros(p, [], recibidas), { TipoDeclaracion: r > 0 ? 'I' : 'N' });
}

// ── 349 ───────────────────────────────────────────────────────────────────────────────────────────────────────
export const CASILLAS_349 = casillasDe('349');

/** The operator's NIF-IVA: the NIF with its country prefix (added from the country when missing). */
export function nifIva(nif: string | null, pais: string | null | undefined): string {
  const n = String(nif ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');
  // Spanish NIF/NIE/CIF never start with two letters: two letters are the country prefix (DE123…, ESB123…, EL…).
  if (/^[A-Z]{2}/.test(n)) return n;
  return `${String(pais ?? '').toUpperCase()}${n}`;
}

export function modelo349(
  p: Periodo,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
): ResultadoModelo {
  const k = new Cajas();
  const avisos: Aviso[] = [];
  const ops = new Map<string, Declarado & { cents: number }>();
  const rects = new Map<string, Declarado & { cents: number; prev: number }>();
  const sinNif = new Set<string>();
  type Op = { l: LineaEmitida | LineaRecibida; clave: string; base: number; t: Traza; factura: string };
  /** A row's base split into goods (E / A) and services (S / I): a whole-row flag, else its services part. */
  const partir = (f: FilaLibroFiscal, bienes: string, servicios: string): Op[] => {
    const { l } = f;
    const [t, factura] = [trazaDe(f), facturaDe(f)];
    const base = cents(l.Base);
    const serv = l.Servicio ? base : Math.sign(base) * Math.min(Math.abs(cents(l.BaseServicios)), Math.abs(base));
    return [
      { l, clave: bienes, base: base - serv, t, factura },
      { l, clave: servicios, base: serv, t, factura },
    ].filter((o, i) => o.base !== 0 || (i === 0 && serv === 0));
  };
  const lineas: Op[] = filasLibros(emitidas, recibidas)
    .filter(es349)
    .flatMap((f) => (f.libro === 'emitidas' ? partir(f, 'E', 'S') : partir(f, 'A', 'I')));
  for (const { l, clave, base, t, factura } of lineas) {
    const nif = nifIva(l.NIF, l.Pais);
    if (!tieneNifIvaUe({ NIF: nif }) && !sinNif.has(factura)) {
      sinNif.add(factura);
      avisos.push({
        Codigo: 'nif-iva',
        Id: l.Id,
        Mensaje: `${l.NumSerie} (${l.Tercero}): el operador intracomunitario no tiene un NIF-IVA válido de otro país de la UE`,
      });
    }
    const orig = l.Rectificativa && l.FechaRectificada ? periodoDeFecha(l.FechaRectificada, p.clase) : null;
    if (orig && (orig.anyo !== p.anyo || orig.codigo !== p.codigo)) {
      const key = `${nif}|${clave}|${orig.anyo}|${orig.codigo}`;
      const r = rects.get(key) ?? { NIF: nif, Nombre: l.Tercero, Clave: clave, Importe: '0.00', cents: 0, prev: 0 };
      r.cents += base;
      rects.set(key, r);
      r.Rectificacion = { Anyo: orig.anyo, Periodo: orig.codigo, BaseRectificada: '0.00', BaseAnterior: '0.00' };
      k.add('04', base, t);
      continue;
    }
    const key = `${nif}|${clave}`;
    const o = ops.get(key) ?? { NIF: nif, Nombre: l.Tercero, Clave: clave, Importe: '0.00', cents: 0 };
    o.cents += base;
    ops.set(key, o);
    k.add('02', base, t);
  }
  const declarados: Declarado[] = [...ops.values()].map(({ cents: c, ...d }) => ({ ...d, Importe: eur(c) }));
  for (const { cents: c, prev, ...d } of rects.values()) {
    // The base after the rectification and the one declared before are those of the operator's period; Faro knows
    // the change (c): the previous declared base is not in the books, so the record carries the change itself.
    declarados.push({
      ...d,
      Importe: eur(c),
      Rectificacion: { ...d.Rectificacion!, BaseRectificada: eur(c), BaseAnterior: eur(prev) },
    });
  }
  k.set('01', ops.size);
  k.texto['01'] = String(ops.size);
  k.set('03', rects.size);
  k.texto['03'] = String(rects.size);
  avisos.push(...avisosLibros(p, emitidas, recibidas));
  return k.fin('349', CASILLAS_349, avisos, { Declarados: declarados });
}

// ── 347 ───────────────────────────────────────────────────────────────────────────────────────────────────────
export const CASILLAS_347 = casillasDe('347');
export const UMBRAL_347 = 300506;
export const UMBRAL_METALICO = 600000;

/** What a declared row adds to its party's 347 record: the party (NIF and book) and the amount. */
function parte347(f: FilaLibroFiscal) {
  const nif = nifDe(f.l.NIF);
  const clave = f.libro === 'emitidas' ? 'B' : 'A';
  return { nif, clave, key: `${nif}|${clave}`, importe: cents(f.l.Base) + cents(f.l.Cuota) + cents(f.l.CuotaRecargo) };
}

/** Whether the year's books declare any party in 347 (the last 303's question): the parties' totals only. */
function con347(emitidas: readonly LineaEmitida[], recibidas: readonly LineaRecibida[]): boolean {
  const totales = new Map<string, number>();
  for (const { f, excluida } of seleccion347(emitidas, recibidas)) {
    if (excluida) continue;
    const { key, importe } = parte347(f);
    totales.set(key, (totales.get(key) ?? 0) + importe);
  }
  for (const total of totales.values()) if (Math.abs(total) > UMBRAL_347) return true;
  return false;
}

export function modelo347(
  p: Periodo,
  emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
  a: Ajustes = {},
): ResultadoModelo {
  const k = new Cajas();
  const avisos: Aviso[] = [];
  type Acc = {
    NIF: string;
    Nombre: string;
    Clave: string;
    q: number[];
    filas: Traza[];
    CodPostal?: string | null;
    Pais?: string | null;
  };
  const acc = new Map<string, Acc>();
  const avisados = new Set<string>();
  for (const { f, excluida } of seleccion347(emitidas, recibidas)) {
    const { l } = f;
    if (excluida === 'sin-nif' && !avisados.has(facturaDe(f))) {
      avisados.add(facturaDe(f));
      avisos.push({
        Codigo: 'sin-nif',
        Id: l.Id,
        Mensaje: `${l.NumSerie} (${l.Tercero || 'sin nombre'}): factura sin NIF, no puede declararse en el modelo 347`,
      });
    }
    if (excluida) continue;
    const { nif, clave, key, importe } = parte347(f);
    const x = acc.get(key) ?? {
      NIF: nif,
      Nombre: l.Tercero,
      Clave: clave,
      q: [0, 0, 0, 0],
      filas: [],
      CodPostal: l.CodPostal,
      Pais: l.Pais,
    };
    x.q[Math.ceil(Number(l.Fecha.slice(5, 7)) / 3) - 1]! += importe;
    x.filas.push({ ...trazaDe(f), Importe: eur(importe) });
    acc.set(key, x);
  }
  const declarados: Declarado[] = [];
  const metalico = a.Metalico ?? {};
  for (const x of [...acc.values()].sort((a, b) => a.NIF.localeCompare(b.NIF) || a.Clave.localeCompare(b.Clave))) {
    const total = x.q.reduce((s, v) => s + v, 0);
    if (Math.abs(total) <= UMBRAL_347) continue;
    const cash = x.Clave === 'B' ? cents(metalico[x.NIF]) : 0;
    const pais = String(x.Pais ?? 'ES').toUpperCase() || 'ES';
    declarados.push({
      NIF: x.NIF,
      Nombre: x.Nombre,
      Clave: x.Clave,
      Importe: eur(total),
      Trimestres: x.q.map(eur) as [string, string, string, string],
      Metalico: eur(cash > UMBRAL_METALICO ? cash : 0),
      Provincia: pais === 'ES' ? String(x.CodPostal ?? '').slice(0, 2) : '99',
      Pais: pais === 'ES' ? '' : pais,
    });
    for (const f of x.filas) k.add('02', cents(f.Importe), f);
  }
  k.set('01', declarados.length);
  k.texto['01'] = String(declarados.length);
  avisos.push(...avisosLibros(p, emitidas, recibidas));
  return k.fin('347', CASILLAS_347, avisos, { Declarados: declarados });
}

// ── warnings ──────────────────────────────────────────────────────────────────────────────────────────────────
/** Received invoices dated by the supplier outside the period (registered in it). */
export function avisosLibros(
  p: Periodo,
  _emitidas: readonly LineaEmitida[],
  recibidas: readonly LineaRecibida[],
): Aviso[] {
  const out: Aviso[] = [];
  const vistos = new Set<number>();
  for (const l of recibidas) {
    if (vistos.has(l.Id)) continue;
    vistos.add(l.Id);
    if (l.FechaFactura < p.desde || l.FechaFactura > p.hasta)
      out.push({
        Codigo: 'fuera-periodo',
        Id: l.Id,
        Mensaje: `${l.NumSerie} (${l.Tercero}): la factura recibida es del ${l.FechaFactura}, fuera del periodo (${p.desde} a ${p.hasta})`,
      });
  }
  return out;
}

/** Gaps in the numbering of each series and year (numbers of the issued invoices of the period, cancelled too). */
export function huecosSerie(numeros: readonly { Serie: string; Anyo: number; Numero: number }[]): Aviso[] {
  const por = new Map<string, number[]>();
  for (const n of numeros) {
    const key = `${n.Serie}|${n.Anyo}`;
    (por.get(key) ?? por.set(key, []).get(key)!).push(n.Numero);
  }
  const out: Aviso[] = [];
  for (const [key, ns] of por) {
    const [serie, anyo] = key.split('|');
    const orden = [...new Set(ns)].sort((a, b) => a - b);
    for (let i = 1; i < orden.length; i++) {
      const prev = orden[i - 1]!;
      const cur = orden[i]!;
      if (cur > prev + 1) {
        const falta = cur === prev + 2 ? `el número ${prev + 1}` : `los números ${prev + 1} a ${cur - 1}`;
        out.push({ Codigo: 'hueco-serie', Mensaje: `Serie ${serie} (${anyo}): falta ${falta}` });
      }
    }
  }
  return out;
}
