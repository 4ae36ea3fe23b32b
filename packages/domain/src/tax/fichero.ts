import { type Campo, disenoDe303, indicador319 } from './diseno303.ts';
import { cents, type Declarado, type ResultadoModelo } from './modelos.ts';
import type { Periodo } from './periodos.ts';

/**
 * The AEAT presentation files (compliance-es.md §4.1–§4.7): the fixed-width "BOE" format of the self-assessments
 * 303/130/111/115 (an envelope `<T…>` with its `<AUX>` block and the form's pages at fixed positions) and the
 * 500-character type-1/type-2 records of 347 and 349. Text fields are uppercase, without accents (Ñ and Ç kept),
 * left-aligned and blank-padded; numbers right-aligned and zero-padded; amounts 17 positions (15 + 2 implied
 * decimals) with `N` first when negative; rates 5 positions (`02100`). The string returned is meant to be written
 * in ISO-8859-1 (`Buffer.from(text, 'latin1')`): every character it holds is in that charset.
 */
export interface Declarante {
  NIF: string;
  Nombre: string;
  Telefono?: string | null;
  /** Complementaria / sustitutiva of the return with this justificante. */
  Complementaria?: boolean;
  Sustitutiva?: boolean;
  JustificanteAnterior?: string | null;
}

/** Uppercase, accents off, only what ISO-8859-1 and the AEAT take. */
export function textoAeat(v: string | null | undefined): string {
  return [...String(v ?? '').toUpperCase()]
    .map((ch) => (ch === 'Ñ' || ch === 'Ç' ? ch : ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')))
    .join('')
    .replace(/[^A-Z0-9Ñ Ç.,'&/()-]/g, ' ');
}
export const an = (v: string | null | undefined, n: number) => textoAeat(v).slice(0, n).padEnd(n, ' ');
export const num = (v: number | string, n: number) => String(v).replace(/\D/g, '').slice(-n).padStart(n, '0');
/** An amount in cents: `n` positions, implied decimals, `N` first when negative. */
export const importeBoe = (c: number, n = 17) => (c < 0 ? `N${num(-c, n - 1)}` : num(c, n));
/** 347/349: sign position (`N` or blank) then the digits. */
export const importeSigno = (c: number, n: number) => `${c < 0 ? 'N' : ' '}${num(Math.abs(c), n - 1)}`;
const tasa = (v: string) => num(cents(v), 5);

/** A record of fixed length written at 1-based positions. */
export class Registro {
  private readonly b: string[];
  constructor(readonly largo: number) {
    this.b = Array.from({ length: largo }, () => ' ');
  }
  put(pos: number, v: string): this {
    if (pos < 1 || pos - 1 + v.length > this.largo) throw new Error(`Campo fuera del registro en la posición ${pos}`);
    for (let i = 0; i < v.length; i++) this.b[pos - 1 + i] = v[i]!;
    return this;
  }
  toString() {
    return this.b.join('');
  }
}

/** Positions of the boxes of each page (amount 17, rate 5, count 8/15); 303's pages per design: `diseno303.ts`. */
const BOX_130: Campo[] = Array.from(
  { length: 19 },
  (_, i): Campo => [String(i + 1).padStart(2, '0'), 109 + 17 * i, 'imp'],
);
const BOX_111: Campo[] = Array.from({ length: 9 }, (_, g): Campo[] => {
  const b = 109 + 42 * g;
  const c = (i: number) => String(g * 3 + i).padStart(2, '0');
  return [
    [c(1), b, 'n8'],
    [c(2), b + 8, 'imp'],
    [c(3), b + 25, 'imp'],
  ];
})
  .flat()
  .concat([
    ['28', 487, 'imp'],
    ['29', 504, 'imp'],
    ['30', 521, 'imp'],
  ]);
const BOX_115: Campo[] = [
  ['01', 109, 'n15'],
  ['02', 124, 'imp'],
  ['03', 141, 'imp'],
  ['04', 158, 'imp'],
  ['05', 175, 'imp'],
];

/** 303 page 04 (998 positions): activities (key 3 + IAE 4, the main one and five others), 347 flag, the shares
 * of each tax administration (5 each, 0 = all in the common territory), then [80]…[88] at 17 each from 81. */
const BOX_303_P4: Campo[] = [
  '80',
  '81',
  '93',
  '94',
  '83',
  '84',
  '125',
  '126',
  '127',
  '128',
  '86',
  '95',
  '96',
  '97',
  '98',
  '79',
  '99',
  '88',
].map((k, i): Campo => [k, 81 + 17 * i, 'imp']);
function pagina303Anual(r: ResultadoModelo): string {
  const a = r.Anual!;
  const p4 = new Registro(998)
    .put(1, '<T30304000>')
    .put(13, an(a.ClaveActividad, 3))
    .put(16, an(a.EpigrafeIAE, 4))
    .put(55, a.Con347 ? 'X' : ' ')
    .put(56, '0'.repeat(25));
  campos(p4, BOX_303_P4, r.Casillas);
  return p4.put(987, '</T30304000>').toString();
}

export function campos(r: Registro, cs: readonly Campo[], casillas: Record<string, string>) {
  for (const [k, pos, kind] of cs) {
    const v = casillas[k] ?? '0';
    r.put(pos, kind === 'imp' ? importeBoe(cents(v)) : kind === 'tasa' ? tasa(v) : num(v, kind === 'n8' ? 8 : 15));
  }
}

/** `<T3030202504T0000>` + `<AUX>…</AUX>` … `</T3030202504T0000>`. */
export function sobre(modelo: string, p: Periodo, paginas: string[], nifDesarrollador: string, crlf: boolean) {
  const id = `${modelo}0${p.anyo}${p.codigo}0000>`;
  const aux = new Registro(311).put(1, '<AUX>').put(76, 'v1.0').put(84, an(nifDesarrollador, 9)).put(306, '</AUX>');
  return `<T${id}${aux}${paginas.join('')}</T${id}${crlf ? '\r\n' : ''}`;
}

/** The common head of a page: tag, complementaria, tipo de declaración, NIF, name, year, period. */
function cabecera(largo: number, tag: string, r: ResultadoModelo, p: Periodo, d: Declarante, nombreLargo: number) {
  return new Registro(largo)
    .put(1, tag)
    .put(12, d.Complementaria ? 'C' : ' ')
    .put(13, r.TipoDeclaracion ?? 'N')
    .put(14, an(d.NIF, 9))
    .put(23, an(d.Nombre, nombreLargo))
    .put(103, String(p.anyo))
    .put(107, p.codigo);
}

/** The AEAT file of a self-assessment (303, 130, 111, 115). */
export function ficheroAutoliquidacion(r: ResultadoModelo, p: Periodo, d: Declarante, nifDesarrollador = ''): string {
  const c = r.Casillas;
  const fin = (reg: Registro, pos: number, tag: string) => reg.put(pos, tag).toString();
  if (r.Modelo === '303') {
    const dis = disenoDe303(p);
    const p1 = cabecera(1581, '<T30301000>', r, p, d, 80);
    // Flags 109–117: foral, REDEME, régimen (3 = only the general one), joint return, cash accounting and its
    // recipient, special pro-rata option and revocation, insolvency ("2" = no); 127 SII; 128 exonerated from the 390
    // and 129 a non-zero volume of operations: "0" except in the last period (1 yes, 2 no); 130 (2026 on) modelo 319.
    const anual = r.Anual;
    const volumen = anual?.Exonerado390 ? (cents(c['88']) !== 0 ? '1' : '2') : '0';
    p1.put(109, '223222222')
      .put(127, '2')
      .put(128, anual ? (anual.Exonerado390 ? '1' : '2') : '0')
      .put(129, volumen);
    if (dis.Indicador319) p1.put(dis.Indicador319, indicador319(p, cents(c['112']) !== 0));
    campos(p1, dis.Pagina01, c);
    const p3 = new Registro(1017).put(1, '<T30303000>');
    campos(p3, dis.Pagina03, c);
    p3.put(dis.SinActividad, r.TipoDeclaracion === 'N' ? 'X' : ' ').put(
      dis.Rectificativa,
      d.Complementaria ? 'X' : ' ',
    );
    if (d.JustificanteAnterior) p3.put(dis.JustificanteAnterior, num(d.JustificanteAnterior, 13));
    const paginas = [fin(p1, 1570, '</T30301000>'), fin(p3, 1006, '</T30303000>')];
    if (anual?.Exonerado390) paginas.push(pagina303Anual(r));
    return sobre('303', p, paginas, nifDesarrollador, false);
  }
  const def = {
    '130': { largo: 600, cs: BOX_130, compl: 432, cierre: 589 },
    '111': { largo: 1000, cs: BOX_111, compl: 538, cierre: 989 },
    '115': { largo: 500, cs: BOX_115, compl: 192, cierre: 489 },
  }[r.Modelo as '130' | '111' | '115'];
  if (!def) throw new Error(`El modelo ${r.Modelo} no es una autoliquidación`);
  const pag = cabecera(def.largo, `<T${r.Modelo}01000>`, r, p, d, 80);
  campos(pag, def.cs, c);
  pag.put(def.compl, d.Complementaria ? 'X' : ' ');
  if (d.JustificanteAnterior) pag.put(def.compl + 1, num(d.JustificanteAnterior, 13));
  return sobre(r.Modelo, p, [fin(pag, def.cierre, `</T${r.Modelo}01000>`)], nifDesarrollador, r.Modelo !== '130');
}

/**
 * The common head (1–135) of the type-1 record of the informative returns (347, 349, 190, 180): model, year,
 * declarant, support T, contact, receipt number (the model then zeros), complementaria C / sustitutiva S, the
 * earlier return's receipt.
 */
export function tipo1(m: string, p: Periodo, d: Declarante): Registro {
  return new Registro(500)
    .put(1, `1${m}${p.anyo}`)
    .put(9, an(d.NIF.padStart(9, '0'), 9))
    .put(18, an(d.Nombre, 40))
    .put(58, 'T')
    .put(59, num(d.Telefono ?? '', 9))
    .put(68, an(d.Nombre, 40))
    .put(108, `${m}${'0'.repeat(10)}`)
    .put(121, d.Complementaria ? 'C' : ' ')
    .put(122, d.Sustitutiva ? 'S' : ' ')
    .put(123, num(d.JustificanteAnterior ?? '', 13));
}

/** 347 / 349: the declarant's type-1 record and one type-2 record per declared party; CRLF between records. */
export function ficheroDeclaracion(r: ResultadoModelo, p: Periodo, d: Declarante): string {
  const m = r.Modelo;
  if (m !== '347' && m !== '349') throw new Error(`El modelo ${m} no es una declaración informativa`);
  const decl = r.Declarados ?? [];
  const t1 = tipo1(m, p, d);
  const c = r.Casillas;
  if (m === '349') {
    t1.put(136, p.codigo)
      .put(138, num(c['01'] ?? '0', 9))
      .put(147, num(Math.abs(cents(c['02'])), 15))
      .put(162, num(c['03'] ?? '0', 9))
      .put(171, num(Math.abs(cents(c['04'])), 15));
  } else {
    t1.put(136, num(c['01'] ?? '0', 9))
      .put(145, importeSigno(cents(c['02']), 16))
      .put(161, num(0, 9))
      .put(170, importeSigno(0, 16));
  }
  const lineas = [t1.toString()];
  for (const x of decl) lineas.push((m === '349' ? tipo2_349 : tipo2_347)(x, p, d).toString());
  return `${lineas.join('\r\n')}\r\n`;
}

export function base2(m: string, p: Periodo, d: Declarante) {
  return new Registro(500).put(1, `2${m}${p.anyo}`).put(9, an(d.NIF, 9));
}

function tipo2_349(x: Declarado, p: Periodo, d: Declarante) {
  const r = base2('349', p, d)
    .put(76, an(x.NIF.slice(0, 2), 2))
    .put(78, an(x.NIF.slice(2), 15))
    .put(93, an(x.Nombre, 40))
    .put(133, x.Clave);
  if (!x.Rectificacion) return r.put(134, num(Math.abs(cents(x.Importe)), 13));
  return r
    .put(147, String(x.Rectificacion.Anyo))
    .put(151, x.Rectificacion.Periodo)
    .put(153, num(Math.abs(cents(x.Rectificacion.BaseRectificada)), 13))
    .put(166, num(Math.abs(cents(x.Rectificacion.BaseAnterior)), 13));
}

function tipo2_347(x: Declarado, p: Periodo, d: Declarante) {
  const r = base2('347', p, d)
    .put(18, an(x.NIF, 9))
    .put(36, an(x.Nombre, 40))
    .put(76, 'D')
    .put(77, num(x.Provincia ?? '', 2))
    .put(79, an(x.Pais ?? '', 2))
    .put(82, x.Clave)
    .put(83, importeSigno(cents(x.Importe), 16))
    .put(101, num(cents(x.Metalico ?? '0'), 15))
    .put(116, importeSigno(0, 16))
    .put(132, cents(x.Metalico ?? '0') ? String(p.anyo) : '0000');
  (x.Trimestres ?? ['0', '0', '0', '0']).forEach((q, i) => {
    r.put(136 + 32 * i, importeSigno(cents(q), 16)).put(152 + 32 * i, importeSigno(0, 16));
  });
  return r.put(284, importeSigno(0, 16));
}
