import type { Campo } from './diseno303.ts';
import { an, campos, type Declarante, num, Registro, sobre } from './fichero.ts';
import type { ResultadoModelo } from './modelos.ts';
import type { Periodo } from './periodos.ts';

/**
 * The 390 file in the AEAT "BOE" fixed-width design of the 2025 exercise (DR390e2025: the envelope `<T39000AAAA0A0000>`
 * with its `<AUX>` block, then pages 01, 02, 02B, 03, 04, 06 and 07; pages 05 (simplified regime) and 08 are left
 * out, as the AEAT's program does when they are empty). Amounts 17 positions (15 + 2 implied decimals, `N` first
 * when negative). Source: the AEAT design as transcribed field by field in OCA l10n-spain's export configs
 * (`l10n_es_aeat_mod390/data/2025/aeat.model.export.config.line.csv`: pages 02, 02B, 04 and the envelope of 2025;
 * `…/2024/…`: page 03; `…/2022/…`: page 01; `…/2021/…`: page 06; `aeat_export_mod390_2019_sub07_data.xml`: page 07),
 * which OCA's main 2025 config assembles in this order. The AEAT's own xlsx (dr390e2025) was not read: positions
 * are those configs' cumulative field lengths. Page 03's first 18 amount fields (interior current goods at 2 %…21 %
 * and their total, the 2 % intra-group pair) are placed by length; their box numbers for 2 % and 7,5 % were not
 * read and are written as 0 (`_` keys). Boxes Faro does not compute (special regimes, cash accounting, intra-group,
 * foral shares, pro-rata detail) are written as 0 or blanks.
 */

/** Amount boxes laid one after another from `pos` (17 each); `_…` keys are never filled (written 0). */
function seguidas(pos: number, cajas: readonly string[]): Campo[] {
  return cajas.map((k, i): Campo => [k, pos + 17 * i, 'imp']);
}
const ceros = (prefijo: string, n: number) => Array.from({ length: n }, (_, i) => `_${prefijo}${i}`);

/** Page 02 (1806 positions): accrued VAT, régimen general. */
export const P390_02: readonly Campo[] = seguidas(13, [
  ...['700', '701', '667', '668', '01', '02', '702', '703', '669', '670', '03', '04', '05', '06'],
  ...ceros('grupo', 14),
  ...ceros('caja', 14),
  ...ceros('usados', 16),
  ...['716', '717', '683', '684', '21', '22', '718', '719', '685', '686', '23', '24', '25', '26'],
  ...['720', '721', '687', '688', '545', '546', '722', '723', '689', '690', '547', '548', '551', '552'],
  ...['27', '28', '29', '30', '649', '650', '31', '32', '33', '34'],
]);
/** Page 02B (531 positions): recargo de equivalencia. */
export const P390_02B: readonly Campo[] = seguidas(13, [
  ...['663', '664', '691', '692', '35', '36', '665', '666', '693', '694'],
  ...['599', '600', '601', '602', '41', '42', '43', '44', '45', '46', '47'],
]);
const TIPOS_DEDUCIBLES = (dos: string[], cuatro: string[], cinco: string[], siete: string[], diez: string[]) => [
  ...dos,
  ...cuatro,
  ...cinco,
  ...siete,
  ...diez,
];
/** Page 03 (1840 positions): deductible VAT, interior, imports and intra-EU current goods. */
export const P390_03: readonly Campo[] = seguidas(13, [
  ...TIPOS_DEDUCIBLES(ceros('int2', 2), ['190', '191'], ['724', '725'], ceros('int75', 2), ['603', '604']),
  ...['605', '606', '48', '49'],
  ...ceros('grupocor', 14),
  ...TIPOS_DEDUCIBLES(['749', '750'], ['196', '197'], ['728', '729'], ['751', '752'], ['611', '612']),
  ...['613', '614', '50', '51'],
  ...ceros('grupoinv', 14),
  ...TIPOS_DEDUCIBLES(['757', '758'], ['202', '203'], ['732', '733'], ['759', '760'], ['619', '620']),
  ...['621', '622', '52', '53'],
  ...TIPOS_DEDUCIBLES(['761', '762'], ['208', '209'], ['734', '735'], ['763', '764'], ['623', '624']),
  ...['625', '626', '54', '55'],
  ...TIPOS_DEDUCIBLES(['765', '766'], ['214', '215'], ['736', '737'], ['767', '768'], ['627', '628']),
  ...['629', '630', '56', '57'],
]);
/** Page 04 (854 positions): intra-EU investment goods and services, other deductions, result. */
export const P390_04: readonly Campo[] = seguidas(13, [
  ...TIPOS_DEDUCIBLES(['769', '770'], ['220', '221'], ['738', '739'], ['771', '772'], ['631', '632']),
  ...['633', '634', '58', '59'],
  ...TIPOS_DEDUCIBLES(['773', '774'], ['587', '588'], ['740', '741'], ['775', '776'], ['635', '636']),
  ...['637', '638', '597', '598'],
  ...['60', '61', '660', '661', '639', '62', '651', '652', '63', '522', '64', '65'],
]);
/** Page 06 (828 positions): annual result, foral shares (5 positions each, 0), 303 results, volume. */
export const P390_06: readonly Campo[] = [
  ...seguidas(13, ['658', '84', '659', '85', '86']),
  ...seguidas(123, ['_658foral', '_84foral', '92', '_659foral', '93', '94']),
  ...seguidas(225, ['95', '96', '524', '97', '98', '662', '525', '526']),
  ...seguidas(361, ['99', '653', '103', '104', '105', '110', '125', '126', '127', '128', '100', '101', '102']),
  ...seguidas(582, ['227', '228', '106', '107', '108']),
];
/** Page 07 (776 positions): specific operations (0) and the five pro-rata blocks (0 / blanks). */
export const P390_07: readonly Campo[] = [
  ...seguidas(13, ['230', '109', '231', '232', '111', '113', '523', '654', '655', '656', '657']),
  ...[0, 1, 2, 3, 4].flatMap((i) => seguidas(243 + 83 * i, [`_pro${i}a`, `_pro${i}b`])),
];

/** Each page: tag, length, its boxes, and its percentage fields (5 positions each, written 0). */
const PAGINAS: readonly { pag: string; largo: number; cajas: readonly Campo[]; porcentajes?: readonly number[] }[] = [
  { pag: '02000', largo: 1806, cajas: P390_02 },
  { pag: '02B00', largo: 531, cajas: P390_02B },
  { pag: '03000', largo: 1840, cajas: P390_03 },
  { pag: '04000', largo: 854, cajas: P390_04 },
  // 87–91: the shares of each tax administration (only for who also pays to a foral one).
  { pag: '06000', largo: 828, cajas: P390_06, porcentajes: [98, 103, 108, 113, 118] },
  { pag: '07000', largo: 776, cajas: P390_07, porcentajes: [0, 1, 2, 3, 4].map((i) => 278 + 83 * i) },
];

/** Page 01 (1187 positions): the declarant, the flags (no monthly refund register, no group, no insolvency, no cash
 * accounting), sustitutiva, the main activity (key and IAE epigraph) and whether a 347 is filed. */
function pagina01(r: ResultadoModelo, p: Periodo, d: Declarante): string {
  const a = r.Anual;
  return new Registro(1187)
    .put(1, '<T39001000>')
    .put(14, an(d.NIF, 9))
    .put(23, an(d.Nombre, 60))
    .put(103, String(p.anyo))
    .put(109, '00')
    .put(118, '000')
    .put(130, '222')
    .put(133, d.Sustitutiva ? '1' : '0')
    .put(134, '0')
    .put(135, d.Sustitutiva ? num(d.JustificanteAnterior ?? '', 13) : ' '.repeat(13))
    .put(188, an(a?.ClaveActividad, 3))
    .put(191, an(a?.EpigrafeIAE, 4))
    .put(430, a?.Con347 ? '1' : '0')
    .put(1176, '</T39001000>')
    .toString();
}

/** The 390 file (ISO-8859-1 text): envelope, page 01 and the pages of boxes. */
export function fichero390(r: ResultadoModelo, p: Periodo, d: Declarante, nifDesarrollador = ''): string {
  if (r.Modelo !== '390') throw new Error(`El modelo ${r.Modelo} no es el 390`);
  const paginas = [pagina01(r, p, d)];
  for (const { pag, largo, cajas, porcentajes = [] } of PAGINAS) {
    const reg = new Registro(largo).put(1, `<T390${pag}>`);
    campos(reg, cajas, r.Casillas);
    for (const pos of porcentajes) reg.put(pos, '00000');
    paginas.push(reg.put(largo - 11, `</T390${pag}>`).toString());
  }
  return sobre('390', p, paginas, nifDesarrollador, false);
}
