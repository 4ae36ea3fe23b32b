import type { Periodo } from './periodos.ts';

/**
 * The AEAT record designs of the 303 file, each declared once and chosen by the period (compliance-es.md §4.2).
 *
 * - `DR303e24v202` (DR303 v2.02): periods from 09/3T-2024 to 12/4T-2025. Page 01 writes [150]…[46] from 130 and the
 *   2 % and 0,26/0,5 % boxes (165–170) at its end (957–1034); page 03 has [69]@323, [70]@340, [71]@374.
 * - `DR303e26v101` (DR303e26 v1.01 of 28/01/2026, "303 - Ejercicio 2026 y siguientes"): every period of 2026 and
 *   later. Page 01 gains the flag at 130 (right to deduct the payment on account of fuel deliveries, modelo 319),
 *   so [150] moves to 131 and the 2 % boxes follow the 0 % ones and 168–170 follow 156–158 ([46]@1019, same 1581
 *   positions); page 03 moves [108] before [69] and gains [112] (the modelo 319 payments, subtracted from the
 *   result: [71] = [69] − [70] + [109] − [112]). Pages 04 and the envelope are unchanged.
 *   Checked field by field against two readings of AEAT's DR303e26v101.xlsx: OCA l10n-spain's export config
 *   (`l10n_es_aeat_mod303/data/2026/aeat.model.export.config.line.csv`, PR 4819) and the schema generated from the
 *   same sheet by hokus15/ArrendaToolsModelo303 (`specs/2026/generated_2026.1.yaml`); both agree on every position.
 */
export type CampoKind = 'imp' | 'tasa' | 'n8' | 'n15';
/** A box of a page: its number, 1-based position and kind (amount 17, rate 5, count 8/15). */
export type Campo = [casilla: string, pos: number, kind: CampoKind];

export type IdDiseno303 = 'DR303e24v202' | 'DR303e26v101';

export interface Diseno303 {
  Id: IdDiseno303;
  /** Page 01's boxes. */
  Pagina01: readonly Campo[];
  /** Page 03's boxes. */
  Pagina03: readonly Campo[];
  /** Page 03's flags: no activity, rectification, the earlier return's receipt number (13). */
  SinActividad: number;
  Rectificativa: number;
  JustificanteAnterior: number;
  /** Page 01's modelo 319 flag (2026 on). */
  Indicador319?: number;
}

const LARGO: Record<CampoKind, number> = { imp: 17, tasa: 5, n8: 8, n15: 15 };
/** Boxes laid one after another from `pos` (the designs place them contiguously). */
function seguidos(pos: number, cajas: readonly (readonly [string, CampoKind])[]): Campo[] {
  const r: Campo[] = [];
  for (const [k, kind] of cajas) {
    r.push([k, pos, kind]);
    pos += LARGO[kind];
  }
  return r;
}
const trio = (b: string, t: string, c: string): [string, CampoKind][] => [
  [b, 'imp'],
  [t, 'tasa'],
  [c, 'imp'],
];
const importes = (...ks: string[]): [string, CampoKind][] => ks.map((k) => [k, 'imp']);
const DEDUCIBLE = Array.from({ length: 19 }, (_, i) => String(28 + i)); // 28…46
/** 4 % to 21 % and the reverse-charge and modification boxes: the same run in both designs. */
const GENERAL = [
  ...trio('01', '02', '03'),
  ...trio('153', '154', '155'),
  ...trio('04', '05', '06'),
  ...trio('07', '08', '09'),
  ...importes('10', '11', '12', '13', '14', '15'),
];
/** Recargo 0,5 % to 5,2 %, their modifications, the accrued total and the deductible VAT. */
const RECARGO_Y_DEDUCIBLE = [
  ...trio('16', '17', '18'),
  ...trio('19', '20', '21'),
  ...trio('22', '23', '24'),
  ...importes('25', '26', '27', ...DEDUCIBLE),
];

const DR303E24V202: Diseno303 = {
  Id: 'DR303e24v202',
  Pagina01: [
    ...seguidos(130, [
      ...trio('150', '151', '152'),
      ...GENERAL,
      ...trio('156', '157', '158'),
      ...RECARGO_Y_DEDUCIBLE,
      ...trio('165', '166', '167'),
      ...trio('168', '169', '170'),
    ]),
  ],
  Pagina03: [
    ...seguidos(12, importes('59', '60')),
    ...seguidos(199, [['64', 'imp'], ['65', 'tasa'], ...importes('66', '77', '110', '78', '87', '68', '69', '70')]),
    ['71', 374, 'imp'],
  ],
  SinActividad: 391,
  Rectificativa: 392,
  JustificanteAnterior: 393,
};

const DR303E26V101: Diseno303 = {
  Id: 'DR303e26v101',
  Pagina01: seguidos(131, [
    ...trio('150', '151', '152'),
    ...trio('165', '166', '167'),
    ...GENERAL,
    ...trio('156', '157', '158'),
    ...trio('168', '169', '170'),
    ...RECARGO_Y_DEDUCIBLE,
  ]),
  Pagina03: seguidos(12, [
    ...importes('59', '60', '120', '122', '123', '124', '62', '63', '74', '75', '76', '64'),
    ['65', 'tasa'],
    ...importes('66', '77', '110', '78', '87', '68', '108', '69', '70', '109', '112', '71'),
  ]),
  SinActividad: 425,
  Rectificativa: 426,
  JustificanteAnterior: 427,
  Indicador319: 130,
};

export const DISENOS_303: Record<IdDiseno303, Diseno303> = {
  DR303e24v202: DR303E24V202,
  DR303e26v101: DR303E26V101,
};

/** The design in force for a period: 2026 and later the DR303e26, earlier the DR303 v2.02. */
export const disenoDe303 = (p: Pick<Periodo, 'anyo'>): Diseno303 => (p.anyo >= 2026 ? DR303E26V101 : DR303E24V202);

/**
 * Page 01's modelo 319 flag (pos. 130, DR303e26): blank for January 2026 (the design's note: the payment on account
 * starts with February's deliveries), `0` in quarterly returns (the 319 is filed by fuel depositors, who settle
 * monthly) and `2` ("no") in monthly ones: Faro neither files the 319 nor records its payments, so box [112] comes
 * only as typed in.
 */
export function indicador319(p: Pick<Periodo, 'anyo' | 'codigo' | 'clase'>, conPago319 = false): string {
  if (p.anyo === 2026 && p.codigo === '01') return ' ';
  if (p.clase === 'T') return '0';
  return conPago319 ? '1' : '2';
}
